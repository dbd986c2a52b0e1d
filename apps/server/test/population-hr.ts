import { type HrDesks, type HrRequestFacts, type HrStageActor, hrRequestPath } from '@intranet/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../src/db/database.ts';
import type { HrRequestsTable } from '../src/db/schema.ts';
import type { PopulationUser } from './population.ts';

/**
 * HR on a generated population (population.ts): the approval desks and the requests, inserted
 * straight through Kysely, and the requests read back as hr.policy.ts judges them.
 */

/** Who sits at one approval stage: an approver named in his place, a substitute and his days. */
export interface HrSeat {
  approver?: PopulationUser;
  substitute?: PopulationUser;
  from?: string;
  to?: string;
}

/**
 * Names the seats' approvers, replaces every substitute with the seats' ones, and answers the desks
 * of the seated stages as the server reads them (a stage without an approver here keeps its own).
 */
export async function seatHrDesks(db: Db, seats: Partial<Record<HrStageActor, HrSeat>>): Promise<HrDesks> {
  const seated = Object.entries(seats) as [HrStageActor, HrSeat][];
  for (const [role, seat] of seated)
    if (seat.approver)
      await db.updateTable('approvers').set({ user_id: seat.approver.id }).where('role', '=', role).execute();
  await db.deleteFrom('hr_approver_substitutes').execute();
  const now = new Date().toISOString();
  const substitutes = seated.flatMap(([role, s]) =>
    s.substitute
      ? [
          {
            role,
            user_id: s.substitute.id,
            date_from: s.from ?? null,
            date_to: s.to ?? null,
            updated_at: now,
          },
        ]
      : [],
  );
  if (substitutes.length > 0) await db.insertInto('hr_approver_substitutes').values(substitutes).execute();
  const approvers = new Map(
    (
      await db
        .selectFrom('approvers')
        .innerJoin('users', 'users.id', 'approvers.user_id')
        .select(['approvers.role', 'users.id', 'users.nome'])
        .execute()
    ).map((a) => [a.role, { userId: a.id, name: a.nome }]),
  );
  const desks: HrDesks = {};
  for (const [role, s] of seated)
    desks[role] = {
      approver: approvers.get(role) ?? null,
      substitute: s.substitute ? { userId: s.substitute.id, name: s.substitute.nome } : null,
      from: s.from ?? null,
      to: s.to ?? null,
    };
  return desks;
}

/** What a population test varies in a request: the rest is the same plain admission or dismissal. */
type Varied = Pick<
  Insertable<HrRequestsTable>,
  | 'type_request'
  | 'status'
  | 'employee_name'
  | 'date_admission_employee'
  | 'breach_contract_id'
  | 'created_on'
  | 'created_at'
  | 'updated_at'
> &
  Partial<Pick<Insertable<HrRequestsTable>, 'employee_id' | 'subject_user_id'>>;

/** A row for `hr_requests` opened by `requester`, inserted straight into the database. */
export const testHrRequest = (requester: PopulationUser, varied: Varied): Insertable<HrRequestsTable> => ({
  requester_id: requester.id,
  requester_name: requester.nome,
  requester_mat: requester.matricula,
  requester_setor: null,
  employee_id: null,
  registration_employee: null,
  role_id: 9,
  branch: 1,
  work_time: 1,
  contract_type_id: 1,
  reason_id: varied.type_request === 'admission' ? 3 : null,
  substitute_for: null,
  dism_fails: '',
  equipment_return: '',
  text_justify: 'Gerada.',
  ...varied,
});

/**
 * Every request in the database as the policy reads it: the users it is about are the recorded one
 * and the user whose CPF its employee has.
 */
export async function hrRequestFacts(db: Db): Promise<(HrRequestFacts & { id: number })[]> {
  const employeeUser = new Map(
    (
      await db
        .selectFrom('hr_employees')
        .innerJoin('users', 'users.cpf', 'hr_employees.cpf')
        .select(['hr_employees.id as employeeId', 'users.id as userId'])
        .execute()
    ).map((e) => [e.employeeId, e.userId]),
  );
  return (await db.selectFrom('hr_requests').selectAll().execute()).map((q) => ({
    id: q.id,
    requesterId: q.requester_id,
    subjectIds: [q.subject_user_id, q.employee_id === null ? null : employeeUser.get(q.employee_id)].filter(
      (id): id is number => typeof id === 'number',
    ),
    status: q.status,
    path: hrRequestPath({
      typeRequest: q.type_request as 'admission',
      breachContractId: q.breach_contract_id,
      dateAdmission: q.date_admission_employee,
      createdOn: q.created_on,
    }),
  }));
}
