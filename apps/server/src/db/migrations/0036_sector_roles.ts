import { type Kysely, sql } from 'kysely';

/**
 * Issue 34 (decision 0114): a sector's part in a workflow is a setting of its row, not its name.
 * `role` holds a key of SECTOR_ROLES (contracts/roles.ts), at most one active sector per role;
 * sectors and branches get an `active` flag (a deactivated one stays on old records). Existing
 * databases get the roles from the names the code used until now.
 */
const ROLE_BY_NAME: Record<string, string> = {
  'Recursos Humanos': 'rh',
  'Tecnologia de Informação': 'ti',
  QSSMA: 'qssma',
  Compras: 'compras',
  Infraestrutura: 'infra',
  Operação: 'operacao',
  Estoque: 'estoque',
  Faturamento: 'faturamento',
  'Gestão de Multas': 'multas',
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sectors').addColumn('role', 'varchar(20)').execute();
  await db.schema
    .alterTable('sectors')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('branches')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  for (const [name, role] of Object.entries(ROLE_BY_NAME)) {
    await db.updateTable('sectors').set({ role }).where('name', '=', name).execute();
  }
  await db.schema
    .createIndex('sectors_active_role')
    .on('sectors')
    .column('role')
    .unique()
    .where(sql.ref('active'), '=', 1)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sectors_active_role').execute();
  await db.schema.alterTable('branches').dropColumn('active').execute();
  await db.schema.alterTable('sectors').dropColumn('active').execute();
  await db.schema.alterTable('sectors').dropColumn('role').execute();
}
