import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type AdministratorBody, SETUP_MSG } from '@intranet/contracts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { lockName } from '../../db/dialect.ts';
import { notFound } from '../../platform/errors.ts';
import { createAdministrator, hasAdministrator } from '../users/users.administrators.ts';

/** The settings row holding the set-up link's token hash and end (never the token itself). */
const KEY = 'setup_link';
export const SETUP_LINK_HOURS = 24;

interface StoredLink {
  hash: string;
  expiresAt: string;
}

const digest = (token: string) => createHash('sha256').update(token).digest();

async function storedLink(db: DbOrTx): Promise<StoredLink | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as StoredLink;
  } catch {
    return undefined;
  }
}

/**
 * At each start: while no administrator exists, a new one-time set-up token valid for 24 h (the
 * previous link dies); once one exists, none, and any leftover link is removed.
 */
export async function openSetupLink(db: Db, now = new Date()): Promise<string | null> {
  await db.deleteFrom('settings').where('key', '=', KEY).execute();
  if (await hasAdministrator(db)) return null;
  const token = randomBytes(32).toString('base64url');
  const link: StoredLink = {
    hash: digest(token).toString('hex'),
    expiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000).toISOString(),
  };
  await db
    .insertInto('settings')
    .values({ key: KEY, value: JSON.stringify(link) })
    .execute();
  return token;
}

/** The token still makes the first administrator: it is the stored one, not expired, and no administrator exists. */
async function linkHolds(db: DbOrTx, token: string): Promise<boolean> {
  const link = await storedLink(db);
  if (!link || new Date(link.expiresAt).getTime() <= Date.now()) return false;
  const expected = Buffer.from(link.hash, 'hex');
  const given = digest(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return !(await hasAdministrator(db));
}

/** GET /api/setup/:token: 404 unless the link still holds. */
export async function checkSetup(db: Db, token: string): Promise<void> {
  if (!(await linkHolds(db, token))) throw notFound(SETUP_MSG.notFound);
}

/**
 * POST /api/setup/:token: the first administrator, and the link dies with it. Two sends of one link
 * take the same named lock: the second finds the link gone (404).
 */
export async function finishSetup(db: Db, token: string, body: AdministratorBody): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await lockName(tx, 'setup');
    if (!(await linkHolds(tx, token))) throw notFound(SETUP_MSG.notFound);
    await createAdministrator(tx, body, 'link');
    await tx.deleteFrom('settings').where('key', '=', KEY).execute();
  });
}
