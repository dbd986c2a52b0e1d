import {
  type CalendarEvent,
  type CalendarVacation,
  calendarAbilities,
  isDateOnly,
  MSG,
  monthOf,
  monthTitle,
  shiftMonth,
  toDateOnly,
  type YearMonth,
} from '@intranet/contracts';
import { ActionIcon, Alert, Group, Loader, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUser } from '../../../platform/session.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { useMonth } from '../calendar.api.ts';
import { AddDialog } from '../components/AddDialog.tsx';
import { type CalendarEntry, EntryDialog } from '../components/EntryDialog.tsx';
import { FeedCard } from '../components/FeedCard.tsx';
import { MonthGrid } from '../components/MonthGrid.tsx';

function openedEntry(
  opened: { kind: CalendarEntry['kind']; id: number } | null,
  events: CalendarEvent[],
  vacations: CalendarVacation[],
): CalendarEntry | null {
  if (!opened) return null;
  if (opened.kind === 'event') {
    const event = events.find((e) => e.id === opened.id);
    return event ? { kind: 'event', event } : null;
  }
  const vacation = vacations.find((v) => v.id === opened.id);
  return vacation ? { kind: 'vacation', vacation } : null;
}

/**
 * /agendevents: the month of events and vacations (spec §2 Calendar). `?evento=N&data=yyyy-MM-dd`
 * (an invitation opened from Minhas pendências) opens that day's month with the event shown.
 */
export function CalendarPage() {
  const user = useUser();
  const abilities = calendarAbilities(user);
  const today = toDateOnly(new Date());
  const [params] = useSearchParams();
  const linked = { day: params.get('data'), event: Number(params.get('evento')) };
  const [month, setMonth] = useState<YearMonth>(() =>
    monthOf(linked.day && isDateOnly(linked.day) ? linked.day : today),
  );
  const [adding, setAdding] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ kind: CalendarEntry['kind']; id: number } | null>(() =>
    Number.isInteger(linked.event) && linked.event > 0 ? { kind: 'event', id: linked.event } : null,
  );
  const { events, vacations } = useMonth(month);
  // The entry as the month reads it now: an edit shows at once; a deleted one closes its dialog.
  const entry = openedEntry(opened, events.data ?? [], vacations.data ?? []);
  const failed = events.isError || vacations.isError;
  const loading = events.isFetching || vacations.isFetching;

  return (
    <>
      <PageTitle
        title="Eventos"
        description="Eventos da empresa, seus convites e as férias que você acompanha."
        icon={<IconCalendarEvent size={28} />}
      />
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <ActionIcon
          size={40}
          variant="light"
          aria-label="Mês anterior"
          onClick={() => setMonth((m) => shiftMonth(m, -1))}
        >
          <IconChevronLeft size={22} />
        </ActionIcon>
        <Group gap="xs" wrap="nowrap">
          <Title order={2} fz={{ base: 'lg', sm: 'xl' }} aria-live="polite">
            {monthTitle(month)}
          </Title>
          {loading ? <Loader size="xs" role="status" aria-label="Carregando" /> : null}
        </Group>
        <ActionIcon
          size={40}
          variant="light"
          aria-label="Próximo mês"
          onClick={() => setMonth((m) => shiftMonth(m, 1))}
        >
          <IconChevronRight size={22} />
        </ActionIcon>
      </Group>
      {failed ? (
        <Alert color="red" mb="sm">
          {MSG.calendarLoadError}
        </Alert>
      ) : null}
      <MonthGrid
        month={month}
        today={today}
        events={events.data ?? []}
        vacations={vacations.data ?? []}
        onAdd={setAdding}
        onOpen={(e) => setOpened({ kind: e.kind, id: e.kind === 'event' ? e.event.id : e.vacation.id })}
      />
      <Text size="xs" c="dimmed" mt="xs">
        Toque no número de um dia para adicionar férias ou um evento; toque num evento ou em férias para ver,
        alterar ou excluir.
      </Text>
      <FeedCard />
      {entry && opened ? (
        <EntryDialog
          key={`${opened.kind}${opened.id}`}
          entry={entry}
          abilities={abilities}
          onClose={() => setOpened(null)}
        />
      ) : null}
      {adding ? (
        <AddDialog key={adding} day={adding} abilities={abilities} onClose={() => setAdding(null)} />
      ) : null}
    </>
  );
}
