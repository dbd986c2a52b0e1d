import { type DbOrTx, nowIso } from '../../db/database.ts';

export async function findActiveUserByLogin(db: DbOrTx, identifier: string) {
  const digits = identifier.replace(/\D/g, '');
  return db
    .selectFrom('users')
    .select(['id', 'nome', 'matricula', 'email', 'senha'])
    .where('active', '=', 1)
    .where((eb) =>
      digits.length === 11
        ? eb.or([eb('matricula', '=', identifier), eb('cpf', '=', digits)])
        : eb('matricula', '=', identifier),
    )
    .executeTakeFirst();
}

export async function findPasswordHash(db: DbOrTx, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('senha').where('id', '=', userId).executeTakeFirst();
  return row?.senha;
}

export async function updatePasswordHash(db: DbOrTx, userId: number, hash: string): Promise<void> {
  await db.updateTable('users').set({ senha: hash, updated_at: nowIso() }).where('id', '=', userId).execute();
}

/** One live code per user: a new code replaces the previous one. */
export async function replaceResetCode(db: DbOrTx, userId: number, codeHash: string, expiresAt: string) {
  await db.deleteFrom('password_reset_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('password_reset_codes')
    .values({
      user_id: userId,
      code_hash: codeHash,
      created_at: nowIso(),
      expires_at: expiresAt,
      attempts: 0,
    })
    .execute();
}

export async function findResetCode(db: DbOrTx, userId: number) {
  return db.selectFrom('password_reset_codes').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function countResetAttempt(db: DbOrTx, codeId: number): Promise<void> {
  await db
    .updateTable('password_reset_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .execute();
}

export async function markResetCodeVerified(db: DbOrTx, codeId: number, tokenHash: string): Promise<void> {
  await db
    .updateTable('password_reset_codes')
    .set({ verified_at: nowIso(), verify_token_hash: tokenHash })
    .where('id', '=', codeId)
    .execute();
}

export async function markResetCodeUsed(db: DbOrTx, codeId: number): Promise<void> {
  await db.updateTable('password_reset_codes').set({ used_at: nowIso() }).where('id', '=', codeId).execute();
}

export async function getSetting(db: DbOrTx, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function insertPolicyAcceptance(db: DbOrTx, userId: number, version: string): Promise<void> {
  const existing = await db
    .selectFrom('policy_acceptances')
    .select('id')
    .where('user_id', '=', userId)
    .where('policy_version', '=', version)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('policy_acceptances')
    .values({ user_id: userId, policy_version: version, accepted_at: nowIso() })
    .execute();
}

export async function findPhoto(db: DbOrTx, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('foto').where('id', '=', userId).executeTakeFirst();
  return row?.foto ?? null;
}

export async function updatePhoto(db: DbOrTx, userId: number, foto: string): Promise<void> {
  await db.updateTable('users').set({ foto, updated_at: nowIso() }).where('id', '=', userId).execute();
}

export async function updateContact(
  db: DbOrTx,
  userId: number,
  contact: { email: string | null; tell: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...contact, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}
