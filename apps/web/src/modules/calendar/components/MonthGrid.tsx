import {
  type CalendarEvent,
  type CalendarVacation,
  formatDate,
  inMonth,
  monthGrid,
  monthTitle,
  WEEKDAY_NAMES,
  type YearMonth,
} from '@intranet/contracts';
import { HoverCard, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import classes from './MonthGrid.module.css';

interface MonthGridProps {
  month: YearMonth;
  today: string;
  events: CalendarEvent[];
  vacations: CalendarVacation[];
  onAdd: (day: string) => void;
}

/** The month view (spec §2): 6 × 7 days from Sunday, today highlighted, other months' days apart. */
export function MonthGrid({ month, today, events, vacations, onAdd }: MonthGridProps) {
  const days = monthGrid(month);
  return (
    <table className={classes.grid} aria-label={`Calendário de ${monthTitle(month)}`}>
      <thead>
        <tr>
          {WEEKDAY_NAMES.map((name) => (
            // A phone shows the first three letters (CSS), the name stays the header's text.
            <th
              key={name}
              scope="col"
              className={classes.weekday}
              aria-label={name}
              data-short={name.slice(0, 3)}
            >
              <span className={classes.weekdayName}>{name}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: 6 }, (_, week) => (
          <tr key={days[week * 7]}>
            {days.slice(week * 7, week * 7 + 7).map((day) => (
              <DayCell
                key={day}
                day={day}
                outside={!inMonth(day, month)}
                isToday={day === today}
                events={events.filter((e) => e.event_date === day)}
                vacations={vacations.filter((v) => v.dateStart <= day && v.dateEnd >= day)}
                onAdd={onAdd}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface DayCellProps {
  day: string;
  outside: boolean;
  isToday: boolean;
  events: CalendarEvent[];
  vacations: CalendarVacation[];
  onAdd: (day: string) => void;
}

function DayCell({ day, outside, isToday, events, vacations, onAdd }: DayCellProps) {
  const className = [classes.cell, outside ? classes.outside : '', isToday ? classes.today : '']
    .filter(Boolean)
    .join(' ');
  const number = Number(day.slice(8));
  return (
    <td
      className={className}
      data-day={day}
      data-outside={outside || undefined}
      data-today={isToday || undefined}
      aria-current={isToday ? 'date' : undefined}
    >
      <UnstyledButton
        className={classes.add}
        onClick={() => onAdd(day)}
        aria-label={`Adicionar em ${formatDate(day)}`}
      >
        <span className={isToday ? classes.todayNumber : undefined}>{number}</span>
        <IconPlus size={14} className={classes.addIcon} aria-hidden />
      </UnstyledButton>
      <div className={classes.items}>
        {events.map((e) => (
          <HoverCard key={`e${e.id}`} width={260} shadow="md" withArrow openDelay={100} position="top">
            <HoverCard.Target>
              <button type="button" className={`${classes.item} ${classes.event}`}>
                {e.hoursOf ? `${e.hoursOf} ` : ''}
                {e.title}
              </button>
            </HoverCard.Target>
            <HoverCard.Dropdown>
              <Stack gap={4}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {e.title}
                </Text>
                <Text size="sm">
                  {formatDate(e.event_date)}
                  {e.event_hours ? `, ${e.event_hours}` : ' (o dia todo)'}
                </Text>
                <Text size="sm" c="dimmed">
                  {e.company ? 'Evento da empresa' : 'Reunião'} · criado por {e.createdByName}
                </Text>
                {e.invitees.length > 0 ? (
                  <Text size="sm">Participantes: {e.invitees.map((p) => p.name).join(', ')}</Text>
                ) : null}
              </Stack>
            </HoverCard.Dropdown>
          </HoverCard>
        ))}
        {vacations.map((v) => (
          <HoverCard key={`v${v.id}`} width={260} shadow="md" withArrow openDelay={100} position="top">
            <HoverCard.Target>
              <button type="button" className={`${classes.item} ${classes.vacation}`}>
                Férias: {v.employeeName}
              </button>
            </HoverCard.Target>
            <HoverCard.Dropdown>
              <Stack gap={4}>
                <Text fw={600}>Férias de {v.employeeName}</Text>
                <Text size="sm">
                  {formatDate(v.DateStart)} a {formatDate(v.DateEnd)} ({v.vacationDays}{' '}
                  {v.vacationDays === 1 ? 'dia' : 'dias'})
                </Text>
                <Text size="sm" c="dimmed">
                  Matrícula {v.userRegistration}
                  {v.setor ? ` · ${v.setor}` : ''}
                </Text>
              </Stack>
            </HoverCard.Dropdown>
          </HoverCard>
        ))}
      </div>
    </td>
  );
}
