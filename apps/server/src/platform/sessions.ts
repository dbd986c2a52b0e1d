import { createHash, randomBytes } from 'node:crypto';
import { LIMITS, type SessionUser } from '@intranet/contracts';
import { sql } from 'kysely';
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

/** The session row and its live user, or undefined when expired, idle too long, or disabled. */
export async function resolveSession(db: DbOrTx, token: string): Promise<ResolvedSession | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as sessionId', 's.last_seen_at', 's.expires_at', 'u.id as userId', 'u.active'])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
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
  const user = await loadSessionUser(db, row.userId);
  return user ? { sessionId: row.sessionId, user } : undefined;
}

/** The session fields of spec §3 for one active user. */
export async function loadSessionUser(db: DbOrTx, userId: number): Promise<SessionUser | undefined> {
  const user = await db
    .selectFrom('users as u')
    .select([
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
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('policy_acceptances as pa')
              .select(sql`1`.as('one'))
              .whereRef('pa.user_id', '=', 'u.id')
              .where('pa.policy_version', '=', (sub) =>
                sub.selectFrom('settings').select('value').where('key', '=', 'policy_version'),
              ),
          )
          .as('accepted'),
    ])
    .where('u.id', '=', userId)
    .where('u.active', '=', 1)
    .executeTakeFirst();
  if (!user) return undefined;
  const [sectors, branches] = await Promise.all([
    db
      .selectFrom('user_sectors as us')
      .innerJoin('sectors as s', 's.id', 'us.sector_id')
      .select(['s.name', 'us.is_main'])
      .where('us.user_id', '=', userId)
      .orderBy('us.is_main', 'desc')
      .orderBy('s.name')
      .execute(),
    db
      .selectFrom('user_branches as ub')
      .innerJoin('branches as b', 'b.id', 'ub.branch_id')
      .select('b.name')
      .where('ub.user_id', '=', userId)
      .orderBy('b.name')
      .execute(),
  ]);
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
