import {
  type CalendarEvent,
  completeHour,
  type EventBody,
  eventBody,
  LIMITS,
  MSG,
  normalizeHour,
} from '@intranet/contracts';
import { Badge, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useRef } from 'react';
import { useUser } from '../../../platform/session.tsx';
import { MaskedInput } from '../../../ui/form/MaskedInput.tsx';
import { digitsOnly } from '../../../ui/form/masks.ts';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useCreateEvent, useUpdateEvent } from '../calendar.api.ts';

export const EVENT_FORM_ID = 'calendar-event-form';

interface EventTabProps {
  day: string;
  canCompany: boolean;
  saved: CalendarEvent | null;
  onSaved: (event: CalendarEvent) => void;
}

/**
 * Evento: saved when the title is left or Enter is pressed (spec §4); once saved, leaving a time
 * field or pressing save keeps it up to date. Times are typed as digits and shown HH:MM.
 */
export function EventTab({ day, canCompany, saved, onSaved }: EventTabProps) {
  const user = useUser();
  const form = useContractForm(eventBody, {
    initialValues: {
      title: saved?.title ?? '',
      date: day,
      hoursOf: saved?.hoursOf ?? '',
      hoursTo: saved?.hoursTo ?? '',
      // Private unless the author chooses otherwise (calendar.policy.ts#eventCompanyChoice).
      company: saved?.company ?? false,
    },
    // Messages appear when a save is tried, not when an empty title is merely left.
    validateInputOnBlur: false,
  });
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

  function save() {
    if (form.validate().hasErrors) return;
    const values = form.getTransformedValues();
    const body = { ...values, company: canCompany ? values.company : undefined };
    // A failure shows its toast (the mutation's meta); the next save tries again.
    queue.current = queue.current.then(() => persist(body)).catch(() => undefined);
  }

  /** A time field: the HH:MM mask shows the digits; the contract's rule caps the hour and minute. */
  const hourInput = (field: 'hoursOf' | 'hoursTo') => ({
    mask: 'hour' as const,
    placeholder: 'HH:MM',
    value: digitsOnly(form.values[field] ?? ''),
    error: form.errors[field],
    onChange: (digits: string) => form.setFieldValue(field, normalizeHour(digits)),
    onBlur: () => {
      form.setFieldValue(field, completeHour(form.getValues()[field] ?? ''));
      if (saved) save();
    },
  });

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
          maxLength={LIMITS.eventTitleMax}
          {...form.getInputProps('title')}
          onBlur={() => {
            if (form.getValues().title.trim()) save();
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
          <MaskedInput label="de" {...hourInput('hoursOf')} />
          <MaskedInput label="às" {...hourInput('hoursTo')} />
        </Group>
        {canCompany ? (
          <Switch
            label="Visível para toda a empresa"
            description="Desligado, só você e os convidados veem o evento."
            checked={form.values.company ?? false}
            onChange={(e) => {
              form.setFieldValue('company', e.currentTarget.checked);
              // Once saved, the choice is saved at once, like a time left.
              if (saved) save();
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
