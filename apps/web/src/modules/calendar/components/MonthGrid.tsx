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
import { UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { CalendarEntry } from './EntryDialog.tsx';
import classes from './MonthGrid.module.css';

interface MonthGridProps {
  month: YearMonth;
  today: string;
  events: CalendarEvent[];
  vacations: CalendarVacation[];
  onAdd: (day: string) => void;
  /** A click or tap on an entry opens its details (EntryDialog). */
  onOpen: (entry: CalendarEntry) => void;
}

/** The month view (spec §2): 6 × 7 days from Sunday, today highlighted, other months' days apart. */
export function MonthGrid({ month, today, events, vacations, onAdd, onOpen }: MonthGridProps) {
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
                onOpen={onOpen}
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
  onOpen: (entry: CalendarEntry) => void;
}

function DayCell({ day, outside, isToday, events, vacations, onAdd, onOpen }: DayCellProps) {
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
        aria-label={`${number} — Adicionar em ${formatDate(day)}`}
      >
        <span className={isToday ? classes.todayNumber : undefined}>{number}</span>
        <IconPlus size={14} className={classes.addIcon} aria-hidden />
      </UnstyledButton>
      <div className={classes.items}>
        {events.map((e) => (
          <button
            key={`e${e.id}`}
            type="button"
            className={`${classes.item} ${classes.event}`}
            aria-haspopup="dialog"
            onClick={() => onOpen({ kind: 'event', event: e })}
          >
            {e.hoursOf ? `${e.hoursOf} ` : ''}
            {e.title}
          </button>
        ))}
        {vacations.map((v) => (
          <button
            key={`v${v.id}`}
            type="button"
            className={`${classes.item} ${classes.vacation}`}
            aria-haspopup="dialog"
            onClick={() => onOpen({ kind: 'vacation', vacation: v })}
          >
            Férias: {v.employeeName}
          </button>
        ))}
      </div>
    </td>
  );
}
