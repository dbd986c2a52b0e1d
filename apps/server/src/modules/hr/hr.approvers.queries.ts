import { APPROVER_ROLES, type HrApprovalRole, type HrDesk, type HrStageActor } from '@intranet/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

export interface DeskPerson {
  userId: number;
  name: string;
  matricula: string;
  email: string | null;
}
export interface DeskRow extends HrDesk {
  approver: DeskPerson | null;
  substitute: DeskPerson | null;
}

export type DeskRows = Partial<Record<HrStageActor, DeskRow>>;

/**
 * Who decides each stage, as an administrator set it: the approver (`approvers`, an active user) and
 * the substitute with his days (`hr_approver_substitutes`, an active user). Nothing else — no employee
 * record, no vacation — takes part (issue 31).
 */
export async function loadDesks(db: DbOrTx): Promise<DeskRows> {
  // One statement (every busca and pendências request reads the desks; bench:busca and
  // bench:pendencias, every row): the approvers, then the substitutes with their days.
  const rows = await db
    .selectFrom('approvers')
    .innerJoin('users', 'users.id', 'approvers.user_id')
    .select([
      sql<'a' | 's'>`'a'`.as('desk'),
      'approvers.role',
      sql<string | null>`null`.as('date_from'),
      sql<string | null>`null`.as('date_to'),
      'users.id',
      'users.nome',
      'users.matricula',
      'users.email',
    ])
    .where('users.active', '=', 1)
    .unionAll(
      db
        .selectFrom('hr_approver_substitutes as s')
        .innerJoin('users', 'users.id', 's.user_id')
        .select([
          sql<'a' | 's'>`'s'`.as('desk'),
          's.role',
          's.date_from',
          's.date_to',
          'users.id',
          'users.nome',
          'users.matricula',
          'users.email',
        ])
        .where('users.active', '=', 1),
    )
    .execute();
  const approvers = rows.filter((r) => r.desk === 'a');
  const substitutes = rows.filter((r) => r.desk === 's');
  const person = (u: { id: number; nome: string; matricula: string; email: string | null }) => ({
    userId: u.id,
    name: u.nome,
    matricula: u.matricula,
    email: u.email,
  });
  const desks: DeskRows = {};
  for (const role of APPROVER_ROLES) {
    const a = approvers.find((r) => r.role === role);
    const s = substitutes.find((r) => r.role === role);
    if (!a && !s) continue;
    desks[role] = {
      approver: a ? person(a) : null,
      substitute: s ? person(s) : null,
      from: s?.date_from ?? null,
      to: s?.date_to ?? null,
    };
  }
  return desks;
}

export function findUser(db: DbOrTx, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'nome', 'matricula', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function saveSubstitute(
  db: DbOrTx,
  role: HrApprovalRole,
  row: {
    user_id: number;
    date_from: string | null;
    date_to: string | null;
    updated_by: number;
    updated_at: string;
  },
): Promise<void> {
  await db
    .insertInto('hr_approver_substitutes')
    .values({ role, ...row })
    .onConflict((oc) => oc.column('role').doUpdateSet(row))
    .execute();
}

export async function removeSubstitute(db: DbOrTx, role: HrApprovalRole): Promise<boolean> {
  const r = await db.deleteFrom('hr_approver_substitutes').where('role', '=', role).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * The users a request is about: the one recorded when it was made, and the user whose CPF its
 * employee has now (a CPF edited later does not take the request out of his hands).
 */
export async function subjectIdsOf(
  db: DbOrTx,
  r: { subject_user_id: number | null; employee_id: number | null },
): Promise<number[]> {
  const ids = r.subject_user_id === null ? [] : [r.subject_user_id];
  if (r.employee_id === null) return ids;
  const now = await userOfEmployee(db, r.employee_id);
  return now !== undefined && !ids.includes(now) ? [...ids, now] : ids;
}

/** The user with the employee's CPF, if any (users and employees are joined only by the CPF). */
export async function userOfEmployee(db: DbOrTx, employeeId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('hr_employees', 'hr_employees.cpf', 'users.cpf')
    .select('users.id')
    .where('hr_employees.id', '=', employeeId)
    .executeTakeFirst();
  return row?.id;
}

/** Names the approver of a stage (one per stage: the role is the key). */
export async function saveApprover(db: DbOrTx, role: HrApprovalRole, userId: number): Promise<void> {
  await db
    .insertInto('approvers')
    .values({ role, user_id: userId })
    .onConflict((oc) => oc.column('role').doUpdateSet({ user_id: userId }))
    .execute();
}

export async function removeApprover(db: DbOrTx, role: HrApprovalRole): Promise<void> {
  await db.deleteFrom('approvers').where('role', '=', role).execute();
}

/**
 * The active administrators (Administrador or the admin flag), but the given users: who hears of a
 * stage nobody named may decide (hr.desks.ts#hrDecider falls to an administrator).
 */
export function adminContacts(db: DbOrTx, exceptIds: readonly number[]) {
  let q = db
    .selectFrom('users')
    .select(['id', 'nome', 'email'])
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('privilegio', '=', 1), eb('admin', '=', 1)]));
  if (exceptIds.length > 0) q = q.where('id', 'not in', [...exceptIds]);
  return q.orderBy('id').execute();
}
