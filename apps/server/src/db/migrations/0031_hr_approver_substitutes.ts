import { type Kysely, sql } from 'kysely';

const ROLES = ['juridico', 'diretor', 'presidente'];

/**
 * HR, issue 31 (segregation of duties):
 * - `hr_approver_substitutes`: per approval stage, the substitute an administrator names and the days
 *   he decides instead of the approver. It replaces the settings `hr_substitute_<role>`, which took
 *   effect when an HR employee record with the approver's CPF had a vacation — data any member of
 *   the RH sector writes. A migrated substitute gets no period: he decides only the requests the
 *   approver may not, until an administrator sets one.
 * - `hr_requests.subject_user_id`: the user a request is about (the dismissed employee's user, by
 *   CPF when the request was made); like the requester, he never decides it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('hr_approver_substitutes')
    .addColumn('role', 'varchar(30)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('date_from', 'varchar(10)')
    .addColumn('date_to', 'varchar(10)')
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  const keys = ROLES.map((r) => `hr_substitute_${r}`);
  const now = new Date().toISOString();
  for (const role of ROLES) {
    await sql`insert into hr_approver_substitutes (role, user_id, updated_at)
      select ${role}, users.id, ${now} from settings
      inner join users on users.matricula = settings.value
      where settings.key = ${`hr_substitute_${role}`}`.execute(db);
  }
  await db.deleteFrom('settings').where('key', 'in', keys).execute();

  await db.schema.alterTable('hr_requests').addColumn('subject_user_id', 'integer').execute();
  await sql`update hr_requests set subject_user_id = (
      select users.id from users inner join hr_employees on hr_employees.cpf = users.cpf
      where hr_employees.id = hr_requests.employee_id)
    where employee_id is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hr_requests').dropColumn('subject_user_id').execute();
  await db.schema.dropTable('hr_approver_substitutes').execute();
}
