import { MAIL_MODULES, type MailModule, type MailPreferences } from '@intranet/contracts';
import type { Db, DbOrTx } from '../../db/database.ts';

const isMailModule = (m: string): m is MailModule => (MAIL_MODULES as readonly string[]).includes(m);

/** A person's choices; without a row, the defaults: no digest, nothing muted. */
export async function readPreferences(db: DbOrTx, userId: number): Promise<MailPreferences> {
  const [pref, mutes] = await Promise.all([
    db.selectFrom('mail_preferences').select('daily_digest').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('mail_mutes').select('module').where('user_id', '=', userId).orderBy('module').execute(),
  ]);
  return {
    dailyDigest: pref?.daily_digest === 1,
    muted: MAIL_MODULES.filter((m) => mutes.some((r) => r.module === m)),
  };
}

export async function writePreferences(db: DbOrTx, userId: number, p: MailPreferences, at: string) {
  const digest = p.dailyDigest ? 1 : 0;
  await db
    .insertInto('mail_preferences')
    .values({ user_id: userId, daily_digest: digest, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ daily_digest: digest, updated_at: at }))
    .execute();
  await db.deleteFrom('mail_mutes').where('user_id', '=', userId).execute();
  const muted = p.muted.filter(isMailModule);
  if (muted.length > 0)
    await db
      .insertInto('mail_mutes')
      .values(muted.map((module) => ({ user_id: userId, module })))
      .execute();
}

/**
 * Whether a per-event e-mail of `module` to `to` is muted: the address is an active person's and
 * every active person with it muted the module (an address two people share still reaches the one
 * who did not). An address of nobody (the IT mailbox) is never muted.
 */
export async function addressMuted(db: Db, to: string, module: MailModule): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('mail_mutes as m', (j) => j.onRef('m.user_id', '=', 'u.id').on('m.module', '=', module))
    .select([
      (eb) => eb.fn.countAll<number | string>().as('people'),
      (eb) => eb.fn.count<number | string>('m.user_id').as('muted'),
    ])
    .where('u.email', '=', to)
    .where('u.active', '=', 1)
    .executeTakeFirst();
  const people = Number(row?.people ?? 0);
  return people > 0 && Number(row?.muted ?? 0) === people;
}

/** The active people with an address who turned the daily digest on, in id order. */
export async function digestSubscribers(db: Db): Promise<{ id: number; email: string }[]> {
  const rows = await db
    .selectFrom('mail_preferences as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id', 'u.email'])
    .where('p.daily_digest', '=', 1)
    .where('u.active', '=', 1)
    .where('u.email', 'is not', null)
    .where('u.email', '<>', '')
    .orderBy('u.id')
    .execute();
  return rows.flatMap((r) => (r.email ? [{ id: r.id, email: r.email }] : []));
}

/**
 * Claims a person's digest of a day: true for the one insert that wrote the row, false for every
 * other (another process or server claimed it first; its transaction decided, the conflict waits).
 */
export async function claimDigest(db: DbOrTx, day: string, userId: number, at: string): Promise<boolean> {
  const rows = await db
    .insertInto('mail_digests')
    .values({ day, user_id: userId, sent_at: at })
    .onConflict((oc) => oc.columns(['day', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length === 1;
}

/** Gives a claim back when the e-mail could not be sent, so that a later run may send it. */
export async function releaseDigest(db: Db, day: string, userId: number): Promise<void> {
  await db.deleteFrom('mail_digests').where('day', '=', day).where('user_id', '=', userId).execute();
}

/** Claims older than `day` (kept a while to read what went out), removed by each run. */
export async function pruneDigests(db: Db, beforeDay: string): Promise<void> {
  await db.deleteFrom('mail_digests').where('day', '<', beforeDay).execute();
}
