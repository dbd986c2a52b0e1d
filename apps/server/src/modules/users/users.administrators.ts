import { type AdministratorBody, firstActiveBranch, MSG, ROLE } from '@intranet/contracts';
import { type Db, type DbOrTx, nowIso } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { audit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { endUserAccess } from '../../platform/sessions.ts';
import { orgLists } from '../org/org.names.ts';
import * as q from './users.queries.ts';

/** Whether an active Administrador exists: until one does, the set-up link makes the first. */
export async function hasAdministrator(db: DbOrTx): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('privilegio', '=', ROLE.Administrador)
    .where('active', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An Administrador made by whoever holds the set-up link or the server's terminal (no signed-in
 * actor: the audit row is his own). He belongs to the sector that plays IT's part, at the oldest
 * active branch (the Matriz); the administrator changes that on Usuários like for anyone.
 */
export async function createAdministrator(
  db: DbOrTx,
  body: AdministratorBody,
  via: 'link' | 'terminal',
): Promise<number> {
  const duplicate = await q.findDuplicate(db, body.matricula, body.cpf);
  if (duplicate) {
    throw conflict(
      MSG.userCreateFailed(duplicate === 'matricula' ? MSG.userDuplicateMatricula : MSG.userDuplicateCpf),
    );
  }
  const now = nowIso();
  // The oldest active branch (the Matriz on a fresh install), else any: the column needs one.
  const { branches } = await orgLists(db);
  const filial = (firstActiveBranch(branches) ?? branches[0])?.name ?? '';
  try {
    const id = await q.insertUser(db, {
      nome: body.nome,
      senha: await hashPassword(body.senha),
      matricula: body.matricula,
      cpf: body.cpf,
      email: body.email,
      tell: null,
      filial,
      privilegio: ROLE.Administrador,
      suport: 1,
      admin: 1,
      created_at: now,
      updated_at: now,
    });
    const ti = await q.sectorNameOfRole(db, 'ti');
    await q.replaceMemberships(db, id, ti ? [ti] : [], filial ? [filial] : []);
    await audit(db, {
      userId: id,
      action: 'user.create',
      entity: 'user',
      entityId: id,
      summary: `Administrador ${body.matricula} (${body.nome}) cadastrado ${via === 'link' ? 'pelo link de configuração' : 'pelo terminal do servidor'}`,
    });
    return id;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.userCreateFailed(MSG.userDuplicateMatricula));
    throw err;
  }
}

/**
 * `npm run admin -- reset-password MATRICULA`: an active Administrador locked out gets a new
 * password; his sessions and calendar link end, as with any password reset.
 */
export async function resetAdministratorPassword(db: Db, matricula: string, senha: string): Promise<void> {
  const target = await db
    .selectFrom('users')
    .select(['id', 'matricula'])
    .where('matricula', '=', matricula)
    .where('privilegio', '=', ROLE.Administrador)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!target) throw notFound(`Nenhum administrador ativo com a matrícula ${matricula}.`);
  const hash = await hashPassword(senha);
  await db.transaction().execute(async (tx) => {
    await q.setPassword(tx, target.id, hash, nowIso());
    await endUserAccess(tx, target.id);
    await audit(tx, {
      userId: target.id,
      action: 'user.password_reset',
      entity: 'user',
      entityId: target.id,
      summary: `Senha do administrador ${target.matricula} redefinida pelo terminal do servidor`,
    });
  });
}
