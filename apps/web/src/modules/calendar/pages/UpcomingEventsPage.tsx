import { type CalendarEvent, formatDate, monthKey, monthOf, monthTitle } from '@intranet/contracts';
import { Alert, Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconCalendarMonth } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { useUpcomingEvents } from '../calendar.api.ts';
import { UpcomingEventItem } from '../components/UpcomingEventItem.tsx';

interface MonthGroup {
  key: string;
  title: string;
  events: CalendarEvent[];
}

/** The events in day order, grouped by month ("Dezembro de 2026"). */
function byMonth(events: CalendarEvent[]): MonthGroup[] {
  const groups: MonthGroup[] = [];
  for (const e of events) {
    const ym = monthOf(e.event_date);
    const key = monthKey(ym);
    const last = groups[groups.length - 1];
    if (last?.key === key) last.events.push(e);
    else groups.push({ key, title: monthTitle(ym), events: [e] });
  }
  return groups;
}

/**
 * /eventos (Notificações › Eventos): the next events the user sees in the calendar (company events,
 * his meetings and invitations), read-only, grouped by month. The agenda itself is /agendevents.
 */
export function UpcomingEventsPage() {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useUpcomingEvents();
  const pages = data?.pages ?? [];
  const groups = byMonth(pages.flatMap((p) => p.events));
  const until = pages[pages.length - 1]?.to;

  return (
    <Box maw={960} mx="auto">
      <PageTitle
        title="Eventos"
        icon={<IconCalendarEvent size={28} />}
        description="Os próximos eventos da Rota Sul Logística e as reuniões para as quais você foi convidado."
        actions={
          <Button
            component={Link}
            to="/agendevents"
            variant="light"
            color="brand"
            leftSection={<IconCalendarMonth size={18} />}
          >
            Abrir agenda
          </Button>
        }
      />
      {isPending ? (
        <Stack gap="md">
          <Skeleton height={24} width={200} radius="sm" />
          <Skeleton height={88} radius="lg" />
          <Skeleton height={88} radius="lg" />
        </Stack>
      ) : isError ? (
        <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={20} />}>
          {errorMessage(error, 'Não foi possível carregar os eventos.')}
        </Alert>
      ) : (
        <Stack gap="xl">
          {groups.length === 0 ? (
            <Paper withBorder radius="lg" p="xl" data-testid="events-empty">
              <Text c="dimmed" ta="center">
                Nenhum evento até {formatDate(until)}.
              </Text>
            </Paper>
          ) : (
            groups.map((g) => (
              <section key={g.key} aria-labelledby={`mes-${g.key}`} data-testid="events-month">
                <Title order={2} id={`mes-${g.key}`} fz={{ base: 18, sm: 20 }} c="brand.9" mb="sm">
                  {g.title}
                </Title>
                <Stack gap="sm">
                  {g.events.map((e) => (
                    <UpcomingEventItem key={e.id} event={e} />
                  ))}
                </Stack>
              </section>
            ))
          )}
          <Group justify="center" gap="md">
            {groups.length > 0 ? (
              <Text c="dimmed" size="sm">
                Eventos até {formatDate(until)}.
              </Text>
            ) : null}
            {hasNextPage ? (
              <Button
                variant="light"
                color="brand"
                radius="md"
                loading={isFetchingNextPage}
                onClick={() => fetchNextPage()}
              >
                Ver os próximos meses
              </Button>
            ) : (
              <Anchor component={Link} to="/agendevents" size="sm" fw={600}>
                Consulte a agenda para datas mais distantes.
              </Anchor>
            )}
          </Group>
        </Stack>
      )}
    </Box>
  );
}
