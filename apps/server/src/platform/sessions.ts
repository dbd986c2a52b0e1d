import { createHash, randomBytes } from 'node:crypto';
import { isSectorRole, LIMITS, type SessionUser } from '@intranet/contracts';
import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.ts';
import { type DbOrTx, nowIso } from '../db/database.ts';
import { jsonArrayFor } from '../db/json-array.ts';
import {
  branchesInOrder,
  type MembershipColumns,
  membershipColumns,
  membershipsIn,
  sectorsInOrder,
} from './memberships.ts';

export const SESSION_COOKIE = 'intranet_session';
/** Proof that this browser verified the recovery code (spec §4: step 2 before step 3). */
export const RECOVERY_COOKIE = 'intranet_recovery';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

export async function createSession(
  db: DbOrTx,
  userId: number,
  meta: { ip: string | null; userAgent: string | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = nowIso();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: hoursFromNow(LIMITS.sessionTtlHours),
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 255) ?? null,
    })
    .execute();
  return token;
}

export async function deleteSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/**
 * Ends everything that acts as the user with a secret: every session, except `keepSessionId` when
 * given (a password change keeps the browser that made it), and his iCalendar link (issue 31,
 * finding 5: he makes a new one on the calendar screen). Logging out everywhere, changing or
 * resetting the password and deactivating the account call it inside their transaction.
 */
export async function endUserAccess(db: DbOrTx, userId: number, keepSessionId?: number): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  await q.execute();
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

export interface ResolvedSession {
  sessionId: number;
  user: SessionUser;
}

/** A session's `last_seen_at` is written at most this often (a read-mostly intranet should not write on every request). */
export const SESSION_TOUCH_MS = 60_000;

/**
 * The session row and its live user, or undefined when expired, idle too long, or disabled. One
 * statement (issue 14, decision 0020): the session joined with its user's fields, the policy
 * check and the user's sectors and branches as JSON arrays; compiled once and, on PostgreSQL,
 * prepared once per connection. Nothing of it is cached between requests: logout, deactivation
 * and a changed permission are seen on the very next request, on any app server.
 */
export async function resolveSession(db: DbOrTx, token: string): Promise<ResolvedSession | undefined> {
  const [row] = await sessionByHash(db, [hashToken(token)]);
  if (!row) return undefined;
  const now = Date.now();
  const lastSeen = Date.parse(row.last_seen_at);
  // A disabled user's session dies for good: enabling the account again does not revive it.
  if (
    row.active !== 1 ||
    Date.parse(row.expires_at) <= now ||
    lastSeen + LIMITS.sessionIdleHours * 3600_000 <= now
  ) {
    await deleteSession(db, row.sessionId);
    return undefined;
  }
  if (now - lastSeen > SESSION_TOUCH_MS) await touchSession(db, [nowIso(), row.sessionId]);
  return { sessionId: row.sessionId, user: toSessionUser(row) };
}

const touchSession = compiledOnce(
  (db) => db.updateTable('sessions').set({ last_seen_at: '' }).where('id', '=', 0),
  2,
);

/**
 * The users' fields a session carries (users aliased `u`), with whether the current usage policy
 * is accepted and the user's sectors and branches (memberships.ts).
 */
function userColumns(db: DbOrTx) {
  return [
    'u.id',
    'u.nome',
    'u.matricula',
    'u.privilegio',
    'u.suport',
    'u.admin',
    'u.filial',
    'u.foto',
    'u.email',
    'u.tell',
    sql<boolean | number>`exists (select 1 from policy_acceptances pa where pa.user_id = u.id
      and pa.policy_version = (select value from settings where key = 'policy_version'))`.as('accepted'),
    ...membershipColumns(jsonArrayFor(db)),
  ] as const;
}

/** The session of a token hash with its user's fields (compiled once: it runs on every request). */
const sessionByHash = compiledOnce(
  (db) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id as sessionId', 's.last_seen_at', 's.expires_at', 'u.active'])
      .select(userColumns(db))
      .where('s.token_hash', '=', ''),
  1,
);

/** An active user's session fields by id (compiled once). */
const activeUserById = compiledOnce(
  (db) => db.selectFrom('users as u').select(userColumns(db)).where('u.id', '=', 0).where('u.active', '=', 1),
  2,
);

type UserFields = {
  id: number;
  nome: string;
  matricula: string;
  privilegio: number;
  suport: number;
  admin: number;
  filial: string;
  foto: string | null;
  email: string | null;
  tell: string | null;
  accepted: unknown;
} & MembershipColumns;

function toSessionUser(user: UserFields): SessionUser {
  const memberships = membershipsIn(user);
  const sectors = sectorsInOrder(memberships);
  return {
    userId: user.id,
    userName: user.nome,
    privilegio: user.privilegio,
    matricula: user.matricula,
    setor: sectors.map((s) => ({ sector: s.name, role: isSectorRole(s.role) ? s.role : null })),
    mainSector: sectors.find((s) => s.is_main === 1)?.name ?? sectors[0]?.name ?? null,
    suport: user.suport,
    admin: user.admin,
    filial: user.filial,
    policyAccepted: user.accepted ? 1 : 0,
    pictureProfile: user.foto,
    email: user.email,
    tell: user.tell,
    filiais: branchesInOrder(memberships),
  };
}

/** The session fields of spec §3 for one active user. */
export async function loadSessionUser(db: DbOrTx, userId: number): Promise<SessionUser | undefined> {
  const [user] = await activeUserById(db, [userId, 1]);
  return user ? toSessionUser(user) : undefined;
}
