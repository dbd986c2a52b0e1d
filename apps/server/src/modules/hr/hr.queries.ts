import {
  canListHrRequests,
  dayStartUtc,
  type EmployeeListQuery,
  HR_STATUS,
  type HrActor,
  type HrRequestFilters,
  type HrRequestSort,
  nextDayStartUtc,
} from '@intranet/contracts';
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type {
  Database,
  HrEmployeesTable,
  HrMedicalLeavesTable,
  HrRequestsTable,
  HrVacationsTable,
} from '../../db/schema.ts';
import { type PageRequest, pagedQuery } from '../../platform/lists/index.ts';
import { containsText } from '../../platform/text-search.ts';
import { waitingFilter } from './hr.waiting.queries.ts';

export type RequestRecord = Selectable<HrRequestsTable>;
export type EmployeeRecord = Selectable<HrEmployeesTable>;
export type VacationRecord = Selectable<HrVacationsTable>;
export type LeaveRecord = Selectable<HrMedicalLeavesTable>;

export function userContact(db: DbOrTx, id: number) {
  return db.selectFrom('users').select(['id', 'nome', 'email']).where('id', '=', id).executeTakeFirst();
}

// Requests ----------------------------------------------------------------------------------------

type ReqEb = ExpressionBuilder<Database, 'hr_requests'>;

/**
 * The requests a list shows, in SQL: `mine` the caller's own; `all` every request for who may list
 * them (hr.policy.ts#canListHrRequests), nothing for anyone else. hr.scope.test.ts checks it
 * against canSeeHrRequest.
 */
function scopeFilter(eb: ReqEb, actor: HrActor, scope: 'all' | 'mine') {
  if (scope === 'all') return canListHrRequests(actor) ? eb.lit(true) : eb.lit(false);
  return eb('hr_requests.requester_id', '=', actor.userId);
}

/** Spec §4 list labels in SQL: every path ends at Aprovado, so finished is Aprovado or Negado. */
function progressFilter(eb: ReqEb, progress: NonNullable<HrRequestFilters['progress']>) {
  const finished = [HR_STATUS.aprovado, HR_STATUS.negado];
  if (progress === 'Solicitação Aberta') return eb('hr_requests.status', '=', HR_STATUS.criada);
  if (progress === 'Finalizado') return eb('hr_requests.status', 'in', finished);
  return eb('hr_requests.status', 'not in', [HR_STATUS.criada, ...finished]);
}

function filtersOf(db: DbOrTx, eb: ReqEb, f: HrRequestFilters) {
  const and = [];
  if (f.Id) and.push(eb('hr_requests.id', '=', f.Id));
  if (f.typeRequest) and.push(eb('hr_requests.type_request', '=', f.typeRequest));
  if (f.progress) and.push(progressFilter(eb, f.progress));
  if (f.requesterName)
    and.push(containsText(db, { table: 'hr_requests', column: 'requester_name' }, f.requesterName));
  if (f.employeeName)
    and.push(containsText(db, { table: 'hr_requests', column: 'employee_name' }, f.employeeName));
  if (f.from) and.push(eb('hr_requests.created_at', '>=', dayStartUtc(f.from)));
  if (f.to) and.push(eb('hr_requests.created_at', '<', nextDayStartUtc(f.to)));
  return eb.and(and);
}

const REQUEST_ROW = [
  'hr_requests.id as Id',
  'hr_requests.type_request as typeRequest',
  'hr_requests.created_at as Date',
  'hr_requests.status',
  'hr_requests.requester_id as requesterId',
  'hr_requests.requester_name as requesterName',
  'hr_requests.requester_mat as requesterMat',
  'hr_requests.requester_setor as requesterSetor',
  'hr_requests.employee_name as employeeName',
  'hr_requests.registration_employee as registrationEmployee',
  'hr_requests.role_id as roleId',
  'hr_requests.branch as branchEmployee',
] as const;

type ReqColumn = `hr_requests.${keyof HrRequestsTable & string}`;
const REQUEST_SORT: Record<HrRequestSort, readonly ReqColumn[]> = {
  Id: ['hr_requests.id'],
  Date: ['hr_requests.created_at'],
  typeRequest: ['hr_requests.type_request', 'hr_requests.created_at'],
  requesterName: ['hr_requests.requester_name', 'hr_requests.created_at'],
  status: ['hr_requests.status', 'hr_requests.created_at'],
};

const filteredRequests = (db: DbOrTx, actor: HrActor, f: HrRequestFilters) =>
  db
    .selectFrom('hr_requests')
    .where((eb) => scopeFilter(eb, actor, f.scope))
    .where((eb) => (f.waiting === '1' ? waitingFilter(eb, actor) : eb.lit(true)))
    .where((eb) => filtersOf(db, eb, f));

export type RequestPage = Omit<PageRequest<HrRequestSort>, 'count'>;

/** A page of requests; the total is counted only for the first page (PATTERNS §7). */
export function listRequests(db: DbOrTx, actor: HrActor, f: HrRequestFilters, p: RequestPage) {
  return pagedQuery(
    filteredRequests(db, actor, f),
    { select: (q) => q.select(REQUEST_ROW), sort: REQUEST_SORT, tiebreak: 'hr_requests.id' },
    { ...p, count: !p.cursor && (p.page ?? 1) === 1 },
  );
}

export async function* requestBatches(
  db: DbOrTx,
  actor: HrActor,
  f: HrRequestFilters,
  order: Pick<RequestPage, 'sort' | 'dir'>,
) {
  let cursor = '';
  for (;;) {
    const batch = await pagedQuery(
      filteredRequests(db, actor, f),
      {
        select: (q) => q.select(REQUEST_ROW),
        sort: REQUEST_SORT,
        tiebreak: 'hr_requests.id',
        maxPageSize: 1000,
      },
      { ...order, pageSize: 1000, cursor },
    );
    if (batch.rows.length > 0) yield batch.rows;
    if (!batch.nextCursor) return;
    cursor = batch.nextCursor;
  }
}

export function findRequest(db: DbOrTx, id: number): Promise<RequestRecord | undefined> {
  return db.selectFrom('hr_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertRequest(db: DbOrTx, row: Insertable<HrRequestsTable>): Promise<number> {
  const { id } = await db.insertInto('hr_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function insertStage(
  db: DbOrTx,
  row: {
    request_id: number;
    status: number;
    user_id: number;
    user_name: string;
    on_behalf_of?: string | null;
    created_at: string;
  },
) {
  return db.insertInto('hr_request_stages').values(row).execute();
}

/** Moves a request only if it is still at `from`: false means someone moved it meanwhile. */
export async function moveRequest(db: DbOrTx, id: number, from: number, to: number, now: string) {
  const r = await db
    .updateTable('hr_requests')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The stages reached; `type` says who moved it (and for whom, when a substitute did). */
export async function listStages(db: DbOrTx, requestId: number) {
  const rows = await db
    .selectFrom('hr_request_stages')
    .select(['status', 'created_at as date', 'user_name', 'on_behalf_of'])
    .where('request_id', '=', requestId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    date: r.date,
    type: r.on_behalf_of ? `${r.user_name} (no lugar de ${r.on_behalf_of})` : r.user_name,
  }));
}

export function listAttachments(db: DbOrTx, requestId: number) {
  return db
    .selectFrom('hr_request_attachments')
    .select(['id', 'original_name', 'mime', 'storage_key'])
    .where('request_id', '=', requestId)
    .orderBy('id')
    .execute();
}

export function findAttachment(db: DbOrTx, requestId: number, id: number) {
  return db
    .selectFrom('hr_request_attachments')
    .select(['storage_key', 'original_name', 'mime'])
    .where('request_id', '=', requestId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertAttachments(
  db: DbOrTx,
  rows: Insertable<Database['hr_request_attachments']>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('hr_request_attachments').values(rows).execute();
}

/** An open (not denied) dismissal request for the employee, if any. */
export function openDismissalOf(db: DbOrTx, employeeId: number) {
  return db
    .selectFrom('hr_requests')
    .select('id')
    .where('employee_id', '=', employeeId)
    .where('type_request', '=', 'dismissal')
    .where('status', '<>', HR_STATUS.negado)
    .executeTakeFirst();
}

// Employees ---------------------------------------------------------------------------------------

export function findEmployee(db: DbOrTx, id: number): Promise<EmployeeRecord | undefined> {
  return db.selectFrom('hr_employees').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findEmployeeByRegistration(db: DbOrTx, registration: string) {
  return db
    .selectFrom('hr_employees')
    .selectAll()
    .where('registration', '=', registration)
    .executeTakeFirst();
}

export function findEmployeeClash(db: DbOrTx, registration: string, cpf: string, exceptId = 0) {
  return db
    .selectFrom('hr_employees')
    .select(['registration', 'cpf'])
    .where('id', '<>', exceptId)
    .where((eb) => eb.or([eb('registration', '=', registration), eb('cpf', '=', cpf)]))
    .executeTakeFirst();
}

type EmpEb = ExpressionBuilder<Database, 'hr_employees'>;
/** An employee's name contains `search` (accents and case ignored), or `search` is his matrícula. */
const nameOrRegistration = (db: DbOrTx, eb: EmpEb, search: string) =>
  eb.or([
    containsText(db, { table: 'hr_employees', column: 'name' }, search),
    eb('hr_employees.registration', '=', search),
  ]);

function employeeFilter(db: DbOrTx, eb: EmpEb, q: Pick<EmployeeListQuery, 'search' | 'dismissed'>) {
  const and = [];
  if (q.search) and.push(nameOrRegistration(db, eb, q.search));
  if (q.dismissed === 'active') and.push(eb('hr_employees.dismissal_id', 'is', null));
  if (q.dismissed === 'dismissed') and.push(eb('hr_employees.dismissal_id', 'is not', null));
  return eb.and(and);
}

const EMPLOYEE_ROW = [
  'hr_employees.id',
  'hr_employees.name',
  'hr_employees.registration as Registration',
  'hr_employees.role',
  'hr_employees.sector',
  'hr_employees.branch',
  'hr_employees.date_admission as DateAdmission',
  'hr_employees.dismissal_id as DismissalId',
  'hr_employees.date_dismissal as dateDismissal',
] as const;

export function listEmployees(
  db: DbOrTx,
  q: Pick<EmployeeListQuery, 'search' | 'dismissed'>,
  p: { sort: 'name' | 'Registration' | 'DateAdmission'; dir: 'asc' | 'desc'; page: number; pageSize: number },
) {
  return pagedQuery(
    db.selectFrom('hr_employees').where((eb) => employeeFilter(db, eb, q)),
    {
      select: (s) => s.select(EMPLOYEE_ROW),
      sort: {
        name: ['hr_employees.name'],
        Registration: ['hr_employees.registration'],
        DateAdmission: ['hr_employees.date_admission'],
      },
      tiebreak: 'hr_employees.id',
    },
    { ...p, count: p.page === 1 },
  );
}

export async function* employeeBatches(db: DbOrTx) {
  let cursor = '';
  for (;;) {
    const batch = await pagedQuery(
      db.selectFrom('hr_employees'),
      {
        select: (s) => s.selectAll(),
        sort: { name: ['hr_employees.name'] },
        tiebreak: 'hr_employees.id',
        maxPageSize: 1000,
      },
      { sort: 'name', dir: 'asc', pageSize: 1000, cursor },
    );
    if (batch.rows.length > 0) yield batch.rows;
    if (!batch.nextCursor) return;
    cursor = batch.nextCursor;
  }
}

export function pickEmployees(db: DbOrTx, search: string | undefined) {
  return db
    .selectFrom('hr_employees')
    .select(['id', 'name', 'registration as matricula', 'sector as setor'])
    .where('dismissal_id', 'is', null)
    .where((eb) => (search ? nameOrRegistration(db, eb, search) : eb.lit(true)))
    .orderBy('name')
    .orderBy('id')
    .limit(50)
    .execute();
}

export async function insertEmployee(db: DbOrTx, row: Insertable<HrEmployeesTable>): Promise<number> {
  const { id } = await db.insertInto('hr_employees').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

// Vacations ---------------------------------------------------------------------------------------

/**
 * Locks the employee's row for the rest of the transaction (an UPDATE: a row lock on PostgreSQL,
 * the write lock on SQLite), so changes to his vacations run one after the other.
 */
export async function lockEmployee(tx: DbOrTx, employeeId: number, now: string): Promise<void> {
  await tx.updateTable('hr_employees').set({ updated_at: now }).where('id', '=', employeeId).execute();
}

/**
 * A vacation of the employee sharing a day with [dateStart, dateEnd): HR's DateEnd is the start
 * plus the days (spec §5), the day he is back, so a vacation may start on another's DateEnd.
 */
export function overlappingVacation(
  db: DbOrTx,
  employeeId: number,
  dateStart: string,
  dateEnd: string,
  exceptId?: number,
) {
  let query = db
    .selectFrom('hr_vacations')
    .select('id')
    .where('employee_id', '=', employeeId)
    .where('date_start', '<', dateEnd)
    .where('date_end', '>', dateStart);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export function listVacations(db: DbOrTx, employeeId: number) {
  return db
    .selectFrom('hr_vacations')
    .select([
      'id as Id',
      'employee_id as EmployeeId',
      'date_start as DateStart',
      'date_end as DateEnd',
      'requested_period as RequestedPeriod',
    ])
    .where('employee_id', '=', employeeId)
    .orderBy('date_start', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findVacation(db: DbOrTx, id: number) {
  return db.selectFrom('hr_vacations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Vacations overlapping a period, by start date, in keyset batches. */
export async function* vacationBatches(db: DbOrTx, from: string, to: string) {
  let cursor = '';
  for (;;) {
    const batch = await pagedQuery(
      db
        .selectFrom('hr_vacations')
        .innerJoin('hr_employees', 'hr_employees.id', 'hr_vacations.employee_id')
        .where('hr_vacations.date_start', '<=', to)
        .where('hr_vacations.date_end', '>=', from),
      {
        select: (s) =>
          s.select([
            'hr_vacations.id as Id',
            'hr_vacations.employee_id as EmployeeId',
            'hr_vacations.date_start as DateStart',
            'hr_vacations.date_end as DateEnd',
            'hr_vacations.requested_period as RequestedPeriod',
            'hr_employees.name',
            'hr_employees.registration as Registration',
            'hr_employees.sector',
          ]),
        sort: { start: ['hr_vacations.date_start'] },
        tiebreak: 'hr_vacations.id',
        maxPageSize: 1000,
      },
      { sort: 'start', dir: 'asc', pageSize: 1000, cursor },
    );
    if (batch.rows.length > 0) yield batch.rows;
    if (!batch.nextCursor) return;
    cursor = batch.nextCursor;
  }
}

// Medical leave -----------------------------------------------------------------------------------

const LEAVE_ROW = [
  'hr_medical_leaves.id',
  'hr_medical_leaves.employee_id as EmployeeId',
  'hr_medical_leaves.hub_unit as hubUnit',
  'hr_employees.name',
  'hr_employees.registration',
  'hr_employees.role',
  'hr_medical_leaves.shift',
  'hr_medical_leaves.start_date',
  'hr_medical_leaves.end_date',
  'hr_medical_leaves.total_days',
  'hr_medical_leaves.cid_code',
  'hr_medical_leaves.medical_unit',
  'hr_medical_leaves.doctor_name',
  'hr_medical_leaves.doctor_crm',
  'hr_medical_leaves.note',
] as const;

export function listLeaves(db: DbOrTx, employeeId: number) {
  return db
    .selectFrom('hr_medical_leaves')
    .innerJoin('hr_employees', 'hr_employees.id', 'hr_medical_leaves.employee_id')
    .select(LEAVE_ROW)
    .where('hr_medical_leaves.employee_id', '=', employeeId)
    .orderBy('hr_medical_leaves.start_date', 'desc')
    .orderBy('hr_medical_leaves.id', 'desc')
    .execute();
}

export async function* leaveBatches(db: DbOrTx, from: string, to: string) {
  let cursor = '';
  for (;;) {
    const batch = await pagedQuery(
      db
        .selectFrom('hr_medical_leaves')
        .innerJoin('hr_employees', 'hr_employees.id', 'hr_medical_leaves.employee_id')
        .where('hr_medical_leaves.start_date', '<=', to)
        .where('hr_medical_leaves.end_date', '>=', from),
      {
        select: (s) => s.select(LEAVE_ROW),
        sort: { start: ['hr_medical_leaves.start_date'] },
        tiebreak: 'hr_medical_leaves.id',
        maxPageSize: 1000,
      },
      { sort: 'start', dir: 'asc', pageSize: 1000, cursor },
    );
    if (batch.rows.length > 0) yield batch.rows;
    if (!batch.nextCursor) return;
    cursor = batch.nextCursor;
  }
}
