import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { HrEmployeesTable } from '../../db/tables/hr.ts';
import { listVacations } from './hr.queries.ts';

/** The employees import's statements (hr.employees.import.ts): a batch of lines at a time. */

export type StoredEmployee = Selectable<HrEmployeesTable>;

/** The employees holding one of these matrículas or CPFs. */
export async function employeesByRegistrationOrCpf(
  db: DbOrTx,
  registrations: readonly string[],
  cpfs: readonly string[],
): Promise<StoredEmployee[]> {
  if (registrations.length === 0) return [];
  return db
    .selectFrom('hr_employees')
    .selectAll()
    .where((eb) => eb.or([eb('registration', 'in', [...registrations]), eb('cpf', 'in', [...cpfs])]))
    .execute();
}

/** New employees in one statement. */
export async function insertEmployees(db: DbOrTx, rows: readonly Insertable<HrEmployeesTable>[]) {
  if (rows.length === 0) return [];
  return db
    .insertInto('hr_employees')
    .values([...rows])
    .returning(['id', 'name'])
    .execute();
}

type Columns = Omit<
  Insertable<HrEmployeesTable>,
  | 'last_date_vacation'
  | 'sale_vacation'
  | 'current_year_vacation'
  | 'date_dismissal'
  | 'dismissal_id'
  | 'created_at'
  | 'updated_at'
> & {
  registration: string;
  date_admission: string;
};

/**
 * Rewrites known employees by matrícula. A new admission date moves the due date of the vacation
 * (`dueDate` of the admission and his vacations, as an edit computes it).
 */
export async function updateEmployees(
  db: DbOrTx,
  rows: readonly Columns[],
  dueDate: (
    dateAdmission: string,
    vacations: { dateStart: string; dateEnd: string; days: number }[],
  ) => string | undefined,
  now: string,
) {
  const done: { id: number; name: string }[] = [];
  for (const row of rows) {
    const old = await db
      .selectFrom('hr_employees')
      .select(['id', 'date_admission'])
      .where('registration', '=', row.registration)
      .executeTakeFirstOrThrow();
    let sale: string | undefined;
    if (old.date_admission !== row.date_admission) {
      const vacations = await listVacations(db, old.id);
      sale = dueDate(
        row.date_admission,
        vacations.map((v) => ({ dateStart: v.DateStart, dateEnd: v.DateEnd, days: v.RequestedPeriod })),
      );
    }
    await db
      .updateTable('hr_employees')
      .set({ ...row, ...(sale ? { sale_vacation: sale } : {}), updated_at: now })
      .where('id', '=', old.id)
      .execute();
    done.push({ id: old.id, name: row.name });
  }
  return done;
}
