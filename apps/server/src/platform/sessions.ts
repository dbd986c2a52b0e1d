import { createHash, randomBytes } from 'node:crypto';
import { LIMITS, type SessionUser } from '@intranet/contracts';
import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.ts';
import { type DbOrTx, nowIso } from '../db/database.ts';

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

/** Ends every session of a user, except `keepSessionId` when given (password change). */
export async function deleteUserSessions(db: DbOrTx, userId: number, keepSessionId?: number): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

export interface ResolvedSession {
  sessionId: number;
  user: SessionUser;
}

/**
 * The session row and its live user, or undefined when expired, idle too long, or disabled. Two
 * statements (docs/performance.md, session analysis): the session joined with its user's fields,
 * then the user's sectors and branches in one UNION ALL.
 */
export async function resolveSession(db: DbOrTx, token: string): Promise<ResolvedSession | undefined> {
  const [row] = await sessionByHash(db, [hashToken(token)]);
  if (!row) return undefined;
  const now = Date.now();
  const idleLimit = Date.parse(row.last_seen_at) + LIMITS.sessionIdleHours * 3600_000;
  // A disabled user's session dies for good: enabling the account again does not revive it.
  if (row.active !== 1 || Date.parse(row.expires_at) <= now || idleLimit <= now) {
    await deleteSession(db, row.sessionId);
    return undefined;
  }
  // Touch at most once a minute: a read-mostly intranet should not write on every request.
  if (now - Date.parse(row.last_seen_at) > 60_000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: nowIso() })
      .where('id', '=', row.sessionId)
      .execute();
  }
  return { sessionId: row.sessionId, user: toSessionUser(row, await memberships(db, row.id)) };
}

/** The users' fields a session carries (users aliased `u`), with whether the current usage policy is accepted. */
const userColumns = [
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
] as const;

/** The session of a token hash with its user's fields (compiled once: it runs on every request). */
const sessionByHash = compiledOnce(
  (db) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id as sessionId', 's.last_seen_at', 's.expires_at', 'u.active'])
      .select(userColumns)
      .where('s.token_hash', '=', ''),
  1,
);

/** A user's sectors ('S') and branches ('B') in one statement (compiled once). */
const membershipsQuery = compiledOnce(
  (db) =>
    db
      .selectFrom('user_sectors as us')
      .innerJoin('sectors as s', 's.id', 'us.sector_id')
      .select([sql<'S' | 'B'>`'S'`.as('kind'), 's.name', 'us.is_main'])
      .where('us.user_id', '=', 0)
      .unionAll(
        db
          .selectFrom('user_branches as ub')
          .innerJoin('branches as b', 'b.id', 'ub.branch_id')
          .select([sql<'S' | 'B'>`'B'`.as('kind'), 'b.name', sql<number>`0`.as('is_main')])
          .where('ub.user_id', '=', 0),
      ),
  2,
);

const memberships = (db: DbOrTx, userId: number) => membershipsQuery(db, [userId, userId]);

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
};

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function toSessionUser(
  user: UserFields,
  rows: { kind: 'S' | 'B'; name: string; is_main: number }[],
): SessionUser {
  // The main sector first, then by name (code points, as SQLite's default collation).
  const sectors = rows.filter((r) => r.kind === 'S').sort((a, b) => b.is_main - a.is_main || byName(a, b));
  const branches = rows.filter((r) => r.kind === 'B').sort(byName);
  return {
    userId: user.id,
    userName: user.nome,
    privilegio: user.privilegio,
    matricula: user.matricula,
    setor: sectors.map((s) => ({ sector: s.name })),
    mainSector: sectors.find((s) => s.is_main === 1)?.name ?? sectors[0]?.name ?? null,
    suport: user.suport,
    admin: user.admin,
    filial: user.filial,
    policyAccepted: user.accepted ? 1 : 0,
    pictureProfile: user.foto,
    email: user.email,
    tell: user.tell,
    filiais: branches.map((b) => b.name),
  };
}

/** The session fields of spec §3 for one active user. */
export async function loadSessionUser(db: DbOrTx, userId: number): Promise<SessionUser | undefined> {
  const [user, rows] = await Promise.all([
    db
      .selectFrom('users as u')
      .select(userColumns)
      .where('u.id', '=', userId)
      .where('u.active', '=', 1)
      .executeTakeFirst(),
    memberships(db, userId),
  ]);
  return user ? toSessionUser(user, rows) : undefined;
}
