import { type CalendarEvent, formatDate, weekdayOf } from '@intranet/contracts';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClock, IconUser } from '@tabler/icons-react';

/** One event of the Eventos list: its day (dd/MM/yyyy, weekday), title, times and whose it is. */
export function UpcomingEventItem({ event }: { event: CalendarEvent }) {
  const [, , day] = event.event_date.split('-');
  return (
    <Paper withBorder radius="lg" p="md" component="article" data-testid="upcoming-event">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Stack
          gap={0}
          align="center"
          justify="center"
          w={56}
          h={56}
          bg="brand.0"
          c="brand.9"
          style={{ borderRadius: 'var(--mantine-radius-md)', flex: '0 0 auto' }}
          aria-hidden
        >
          <Text fz={22} fw={700} lh={1}>
            {day}
          </Text>
          <Text fz={11} fw={600} tt="uppercase" lh={1.4}>
            {weekdayOf(event.event_date).slice(0, 3)}
          </Text>
        </Stack>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap" mb={4}>
            <Text size="sm" fw={600} c="dimmed" data-testid="upcoming-event-date">
              {weekdayOf(event.event_date)}, {formatDate(event.event_date)}
            </Text>
            {event.company ? (
              <Badge variant="light" color="brand" radius="sm" tt="none">
                Evento da empresa
              </Badge>
            ) : (
              <Badge variant="light" color="grape" radius="sm" tt="none">
                Reunião
              </Badge>
            )}
          </Group>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Text>
          <Group gap="lg" mt={4} wrap="wrap">
            <Group gap={4} wrap="nowrap">
              <IconClock size={16} aria-hidden color="var(--mantine-color-gray-6)" />
              <Text size="sm">{event.event_hours || 'Dia inteiro'}</Text>
            </Group>
            {event.company ? null : (
              <Group gap={4} wrap="nowrap">
                <IconUser size={16} aria-hidden color="var(--mantine-color-gray-6)" />
                <Text size="sm">Organizada por {event.createdByName}</Text>
              </Group>
            )}
          </Group>
        </div>
      </Group>
    </Paper>
  );
}
