import { addDays, toDateOnly, vacationEnd } from '@intranet/contracts';
import type { Tx } from '../db/database.ts';
import { DEMO_USERS } from './demo-data.ts';

interface DemoEvent {
  title: string;
  /** Days from the seeding day, so the demo month always has something to show. */
  inDays: number;
  hoursOf: string;
  hoursTo: string;
  company: boolean;
  author: string;
  invitees: string[];
}

interface DemoVacation {
  employee: string;
  inDays: number;
  days: number;
  by: string;
}

/**
 * The first event is a meeting (not a company event) of the Compras manager with the fines manager
 * invited: the authorisation matrix (test/authz/calendar.authz.ts) uses it as event 1.
 */
export const DEMO_EVENTS: DemoEvent[] = [
  {
    title: 'Reunião de planejamento de compras',
    inDays: 2,
    hoursOf: '09:00',
    hoursTo: '10:00',
    company: false,
    author: '1002',
    invitees: ['1009'],
  },
  {
    title: 'SIPAT — Semana de Prevenção de Acidentes',
    inDays: 7,
    hoursOf: '',
    hoursTo: '',
    company: true,
    author: '1005',
    invitees: [],
  },
  {
    title: 'Treinamento de empilhadeira',
    inDays: 10,
    hoursOf: '08:00',
    hoursTo: '11:00',
    company: true,
    author: '1004',
    invitees: ['1006'],
  },
  {
    title: 'Confraternização da equipe',
    inDays: 18,
    hoursOf: '18:00',
    hoursTo: '22:00',
    company: true,
    author: '1001',
    invitees: [],
  },
];

export const DEMO_VACATIONS: DemoVacation[] = [
  { employee: '1008', inDays: 14, days: 10, by: '1005' },
  { employee: '1004', inDays: -3, days: 15, by: '1005' },
  { employee: '1002', inDays: 30, days: 20, by: '1001' },
];

/** The demo calendar, in batch inserts (inside the demo transaction). */
export async function seedDemoCalendar(tx: Tx, idOf: (matricula: string) => number): Promise<void> {
  const today = toDateOnly(new Date());
  const now = new Date().toISOString();
  const userOf = (matricula: string) => DEMO_USERS.find((u) => u.matricula === matricula)!;
  const inserted = await tx
    .insertInto('calendar_events')
    .values(
      DEMO_EVENTS.map((e) => ({
        title: e.title,
        event_date: addDays(today, e.inDays),
        hours_of: e.hoursOf,
        hours_to: e.hoursTo,
        company: e.company ? 1 : 0,
        created_by: idOf(e.author),
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
  const invitees = DEMO_EVENTS.flatMap((e, i) =>
    e.invitees.map((m) => ({
      event_id: ids[i]!,
      user_id: idOf(m),
      invited_by: idOf(e.author),
      created_at: now,
    })),
  );
  if (invitees.length > 0) await tx.insertInto('calendar_event_invitees').values(invitees).execute();
  await tx
    .insertInto('calendar_vacations')
    .values(
      DEMO_VACATIONS.map((v) => {
        const employee = userOf(v.employee);
        const start = addDays(today, v.inDays);
        return {
          user_id: idOf(v.employee),
          user_name: employee.nome,
          user_registration: employee.matricula,
          user_sector: employee.sectors[0] ?? null,
          date_start: start,
          date_end: vacationEnd(start, v.days),
          vacation_days: v.days,
          created_by: idOf(v.by),
          created_at: now,
        };
      }),
    )
    .execute();
}
