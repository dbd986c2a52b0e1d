import {
  type CalendarEvent,
  completeHour,
  type EventBody,
  eventBody,
  MSG,
  normalizeHour,
} from '@intranet/contracts';
import { Badge, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useUser } from '../../../platform/session.tsx';
import { useCreateEvent, useUpdateEvent } from '../calendar.api.ts';

export const EVENT_FORM_ID = 'calendar-event-form';

interface EventTabProps {
  day: string;
  canCompany: boolean;
  saved: CalendarEvent | null;
  onSaved: (event: CalendarEvent) => void;
}

type Field = 'title' | 'hoursOf' | 'hoursTo';

/**
 * Evento: saved when the title is left or Enter is pressed (spec §4); once saved, leaving a time
 * field or pressing save keeps it up to date. Times are typed as digits and shown HH:MM.
 */
export function EventTab({ day, canCompany, saved, onSaved }: EventTabProps) {
  const user = useUser();
  const [title, setTitle] = useState(saved?.title ?? '');
  const [hoursOf, setHoursOf] = useState(saved?.hoursOf ?? '');
  const [hoursTo, setHoursTo] = useState(saved?.hoursTo ?? '');
  // Private unless the author chooses otherwise (calendar.policy.ts#eventCompanyChoice).
  const [company, setCompany] = useState(saved?.company ?? false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const lastSaved = useRef<string | null>(null);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const busy = create.isPending || update.isPending;

  // Saves run one after another (leaving the title, then a time, can overlap): each sees the last
  // saved event, so the first creates it and the next ones update it.
  const savedId = useRef<number | null>(saved?.id ?? null);
  const queue = useRef<Promise<void>>(Promise.resolve());

  async function persist(body: EventBody) {
    const signature = JSON.stringify(body);
    if (signature === lastSaved.current) return;
    if (savedId.current !== null) {
      const event = await update.mutateAsync({ id: savedId.current, body });
      lastSaved.current = signature;
      onSaved(event);
      return;
    }
    const list = await create.mutateAsync(body);
    lastSaved.current = signature;
    // The answer is the month's list: ours is the newest of this author, day and title.
    const mine = list
      .filter((e) => e.createdBy === user.userId && e.event_date === day && e.title === body.title)
      .sort((a, b) => b.id - a.id)[0];
    if (mine) {
      savedId.current = mine.id;
      onSaved(mine);
    }
  }

  function save(values: { hoursOf: string; hoursTo: string; company?: boolean } = { hoursOf, hoursTo }) {
    const parsed = eventBody.safeParse({
      title,
      date: day,
      hoursOf: values.hoursOf,
      hoursTo: values.hoursTo,
      company: canCompany ? (values.company ?? company) : undefined,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const body = parsed.data;
    // A failure shows its toast (the mutation's meta); the next save tries again.
    queue.current = queue.current.then(() => persist(body)).catch(() => undefined);
  }

  const leaveHour = (field: 'hoursOf' | 'hoursTo', value: string) => {
    const done = completeHour(value);
    const values = { hoursOf, hoursTo, [field]: done };
    (field === 'hoursOf' ? setHoursOf : setHoursTo)(done);
    if (saved) save(values);
  };

  return (
    <form
      id={EVENT_FORM_ID}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label="Título"
          value={title}
          maxLength={100}
          error={errors.title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          onBlur={() => {
            if (title.trim()) save();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
          data-autofocus
        />
        <Group grow align="flex-start">
          <TextInput
            label="de"
            placeholder="HH:MM"
            inputMode="numeric"
            value={hoursOf}
            error={errors.hoursOf}
            onChange={(e) => setHoursOf(normalizeHour(e.currentTarget.value))}
            onBlur={(e) => leaveHour('hoursOf', e.currentTarget.value)}
          />
          <TextInput
            label="às"
            placeholder="HH:MM"
            inputMode="numeric"
            value={hoursTo}
            error={errors.hoursTo}
            onChange={(e) => setHoursTo(normalizeHour(e.currentTarget.value))}
            onBlur={(e) => leaveHour('hoursTo', e.currentTarget.value)}
          />
        </Group>
        {canCompany ? (
          <Switch
            label="Visível para toda a empresa"
            description="Desligado, só você e os convidados veem o evento."
            checked={company}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setCompany(checked);
              // Once saved, the choice is saved at once, like a time left.
              if (saved) save({ hoursOf, hoursTo, company: checked });
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Só você e as pessoas convidadas veem este evento.
          </Text>
        )}
        <div>
          <Text size="sm" fw={500} mb={4}>
            Participantes
          </Text>
          {saved && saved.invitees.length > 0 ? (
            <Group gap={6}>
              {saved.invitees.map((p) => (
                <Badge key={p.id} variant="light" style={{ textTransform: 'none' }}>
                  {p.name}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {saved
                ? 'Ninguém convidado ainda: use o botão Convidar.'
                : 'Salve o evento para convidar pessoas.'}
            </Text>
          )}
        </div>
        {saved && !busy ? (
          <Group gap={6} c="green.8">
            <IconCircleCheck size={18} />
            <Text size="sm" role="status">
              {MSG.eventSaved}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
