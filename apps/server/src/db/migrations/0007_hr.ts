import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * HR: employees, hiring and dismissal requests with their stages and attachments, vacations and
 * medical leave. The requester's name, matrícula and sector are copied onto the request when it is
 * made (the list shows and filters them without joins); a dismissal copies the employee's name,
 * matrícula and admission date, which fix its path (the 90-day rule).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('hr_employees'))
    .addColumn('name', 'varchar(45)', notNull)
    .addColumn('birth_date', 'varchar(10)', notNull)
    .addColumn('registration', 'varchar(3)', (c) => c.notNull().unique())
    .addColumn('date_admission', 'varchar(10)', notNull)
    .addColumn('branch', 'integer', notNull)
    .addColumn('email', 'varchar(255)')
    .addColumn('cpf', 'varchar(11)', (c) => c.notNull().unique())
    .addColumn('rg', 'varchar(14)', notNull)
    .addColumn('pis', 'varchar(11)', notNull)
    .addColumn('tell', 'varchar(11)', notNull)
    .addColumn('food_voucher', 'integer', notNull)
    .addColumn('health_insurance', 'integer', notNull)
    .addColumn('transport_type_id', 'integer', notNull)
    .addColumn('wage_id', 'integer', notNull)
    .addColumn('work_time_id', 'integer', notNull)
    .addColumn('contract_type_id', 'integer', notNull)
    .addColumn('role', 'integer', notNull)
    .addColumn('sector', 'varchar(40)', notNull)
    .addColumn('last_date_vacation', 'varchar(10)')
    .addColumn('sale_vacation', 'varchar(10)', notNull)
    .addColumn('current_year_vacation', 'integer', notNull)
    .addColumn('date_dismissal', 'varchar(10)')
    .addColumn('dismissal_id', 'integer')
    .addColumn('status_employee', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('hr_employees_name_idx').on('hr_employees').columns(['name', 'id']).execute();
  await db.schema
    .createIndex('hr_employees_admission_idx')
    .on('hr_employees')
    .columns(['date_admission', 'id'])
    .execute();

  await withId(db, db.schema.createTable('hr_requests'))
    .addColumn('type_request', 'varchar(12)', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('requester_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('requester_name', 'varchar(55)', notNull)
    .addColumn('requester_mat', 'varchar(11)', notNull)
    .addColumn('requester_setor', 'varchar(40)')
    .addColumn('employee_id', 'integer', (c) => c.references('hr_employees.id'))
    .addColumn('employee_name', 'varchar(45)')
    .addColumn('registration_employee', 'varchar(3)')
    .addColumn('date_admission_employee', 'varchar(10)')
    .addColumn('role_id', 'integer')
    .addColumn('branch', 'integer')
    .addColumn('work_time', 'integer')
    .addColumn('contract_type_id', 'integer')
    .addColumn('reason_id', 'integer')
    .addColumn('substitute_for', 'integer', (c) => c.references('hr_employees.id'))
    .addColumn('breach_contract_id', 'integer')
    .addColumn('dism_fails', 'varchar(60)', notNull)
    .addColumn('equipment_return', 'varchar(60)', notNull)
    .addColumn('text_justify', 'varchar(2000)', notNull)
    .addColumn('created_on', 'varchar(10)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  for (const column of ['requester_id', 'status', 'type_request', 'requester_name']) {
    await db.schema
      .createIndex(`hr_requests_${column}_idx`)
      .on('hr_requests')
      .columns([column, 'created_at'])
      .execute();
  }
  await db.schema.createIndex('hr_requests_created_idx').on('hr_requests').column('created_at').execute();
  await db.schema.createIndex('hr_requests_employee_idx').on('hr_requests').column('employee_id').execute();

  await withId(db, db.schema.createTable('hr_request_stages'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('hr_requests.id').onDelete('cascade'))
    .addColumn('status', 'integer', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'varchar(55)', notNull)
    // The approver a substitute acted for while he was on vacation (settings hr_substitute_<role>).
    .addColumn('on_behalf_of', 'varchar(55)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('hr_request_stages_request_idx')
    .on('hr_request_stages')
    .columns(['request_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('hr_request_attachments'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('hr_requests.id').onDelete('cascade'))
    .addColumn('type', 'varchar(20)')
    .addColumn('storage_key', 'varchar(255)', notNull)
    .addColumn('original_name', 'varchar(255)', notNull)
    .addColumn('mime', 'varchar(100)', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('hr_request_attachments_request_idx')
    .on('hr_request_attachments')
    .column('request_id')
    .execute();

  await withId(db, db.schema.createTable('hr_vacations'))
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('hr_employees.id').onDelete('cascade'))
    .addColumn('date_start', 'varchar(10)', notNull)
    .addColumn('date_end', 'varchar(10)', notNull)
    .addColumn('requested_period', 'integer', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('hr_vacations_employee_idx')
    .on('hr_vacations')
    .columns(['employee_id', 'date_start'])
    .execute();
  await db.schema
    .createIndex('hr_vacations_start_idx')
    .on('hr_vacations')
    .columns(['date_start', 'id'])
    .execute();

  await withId(db, db.schema.createTable('hr_medical_leaves'))
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('hr_employees.id').onDelete('cascade'))
    .addColumn('hub_unit', 'integer', notNull)
    .addColumn('shift', 'integer', notNull)
    .addColumn('start_date', 'varchar(10)', notNull)
    .addColumn('end_date', 'varchar(10)', notNull)
    .addColumn('total_days', 'integer', notNull)
    .addColumn('cid_code', 'varchar(8)', notNull)
    .addColumn('medical_unit', 'varchar(120)', notNull)
    .addColumn('doctor_name', 'varchar(80)', notNull)
    .addColumn('doctor_crm', 'varchar(12)', notNull)
    .addColumn('note', 'varchar(2000)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('hr_medical_leaves_employee_idx')
    .on('hr_medical_leaves')
    .columns(['employee_id', 'start_date'])
    .execute();
  await db.schema
    .createIndex('hr_medical_leaves_start_idx')
    .on('hr_medical_leaves')
    .columns(['start_date', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'hr_medical_leaves',
    'hr_vacations',
    'hr_request_attachments',
    'hr_request_stages',
    'hr_requests',
    'hr_employees',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
