import type { Generated } from 'kysely';

// ---- calendar (events, invitations, vacations, iCalendar links) ----

export interface CalendarEventsTable {
  id: Generated<number>;
  title: string;
  event_date: string;
  /** HH:MM, or '' for an event of the whole day. */
  hours_of: string;
  hours_to: string;
  company: number;
  created_by: number;
  created_at: string;
  updated_at: string;
  /** Set when the event is deleted (migration 0035): every read leaves it out. */
  deleted_at: string | null;
}

export interface CalendarEventInviteesTable {
  event_id: number;
  user_id: number;
  invited_by: number | null;
  created_at: string;
  /** When the person opened the invitation from his pendências (migration 0037); null: not yet. */
  seen_at: Generated<string | null>;
}

/** Every invitation made, kept after a withdrawal (migration 0030): the senders' limits, one e-mail per event. */
export interface CalendarInvitationsSentTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  invited_by: number;
  created_at: string;
}

export interface CalendarVacationsTable {
  id: Generated<number>;
  user_id: number;
  /** The employee's name, matrícula and main sector when the vacation was scheduled. */
  user_name: string;
  user_registration: string;
  user_sector: string | null;
  date_start: string;
  date_end: string;
  vacation_days: number;
  created_by: number | null;
  created_at: string;
}

export interface CalendarFeedsTable {
  user_id: number;
  /** sha256 of the secret in the link; the secret itself is never stored. */
  token_hash: string;
  created_at: string;
}
