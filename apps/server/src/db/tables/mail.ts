/** E-mail notifications (migration 0040, decision 0122). */

export interface MailPreferencesTable {
  user_id: number;
  /** 1: the daily digest of his pendências; 0 (the default, also without a row): none. */
  daily_digest: number;
  updated_at: string;
}

export interface MailMutesTable {
  user_id: number;
  /** A MailModule of contracts: its per-event e-mails are not sent to him. */
  module: string;
}

export interface MailDigestsTable {
  /** The São Paulo day (yyyy-MM-dd) of the digest: with user_id, the claim of one send. */
  day: string;
  user_id: number;
  sent_at: string;
}
