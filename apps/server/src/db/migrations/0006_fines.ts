import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Traffic fines (spec §3): one row per fine, its 43 fields under the spec's names. Frozen in time:
 * the field list is written out here, not read from contracts. Money is integer centavos, dates
 * `yyyy-MM-dd` text (NULL when not set), codes text. `responsavel` (braskem | transp | NULL) and
 * `negocio_grupo` (resinas | UNIB | NULL) are derived on write from NOME_AUTUADO and NEGOCIO
 * (contracts fines.enums.ts) so that the filter bar's responsible and business filters use indexes.
 */
const TEXT: [string, number][] = [
  ['SDD', 30],
  ['NUMERO_AUTO', 30],
  ['MOTIVO', 500],
  ['STATUS_MULTA', 20],
  ['ORGAO_AUTUADOR', 120],
  ['UNIDADE', 60],
  ['CENTRO', 20],
  ['NEGOCIO', 10],
  ['PLACA', 8],
  ['GRUPO_EIXO', 20],
  ['OT', 20],
  ['TIPO_VEICULO', 60],
  ['COD_TRANSP', 20],
  ['TRANSP', 120],
  ['CNPJ_AUTUADO', 14],
  ['NOME_AUTUADO', 120],
  ['PASSIVO_SIM_NAO', 3],
  ['NFe_DANFE', 60],
  ['PEDIDO_ZP14', 30],
  ['N_DOC_NOTA_DEBITO', 30],
  ['N_BPM', 30],
  ['STATUS_PAGMTO', 30],
  ['STATUS_PRE_EMISSAO', 60],
  ['MUNICIPIO', 80],
  ['UF', 2],
  ['RODOVIA', 30],
  ['SENTIDO', 30],
  ['STATUS_ND', 40],
];
const DATES = [
  'DATA_INFRACAO',
  'DATA_RECEBIMENTO',
  'DATA_VENC_MULTA',
  'DATA_APURACAO',
  'DATA_EMAIL',
  'DATA_PAGMTO',
  'DATA_ND',
];
const MONEY = [
  'DEBITO_BRASKEM',
  'CREDITO_TRANSP',
  'VALOR_TOTAL_MULTA',
  'VAL_PAGO_ATUALIZADO',
  'VAL_REALIZADO_ND',
  'VALOR_ATUALIZADO',
];
const NUMBERS = ['PESO_EXCEDENTE_Kg', 'KM_RODOVIA'];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  let table = withId(db, db.schema.createTable('fines'));
  for (const [name, max] of TEXT) {
    table = table.addColumn(name, `varchar(${max})`, name === 'NUMERO_AUTO' ? notNull : undefined);
  }
  for (const name of DATES) table = table.addColumn(name, 'varchar(10)');
  for (const name of MONEY) table = table.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));
  for (const name of NUMBERS)
    table = table.addColumn(name, 'double precision', (c) => c.notNull().defaultTo(0));
  await table
    .addColumn('responsavel', 'varchar(10)')
    .addColumn('negocio_grupo', 'varchar(10)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await db.schema.createIndex('fines_numero_auto_uq').unique().on('fines').column('NUMERO_AUTO').execute();
  // Each filter of the bar, walked in the default order (newest infraction first).
  for (const column of [
    'responsavel',
    'negocio_grupo',
    'STATUS_MULTA',
    'STATUS_PAGMTO',
    'STATUS_ND',
    'UNIDADE',
    'TRANSP',
  ]) {
    await db.schema
      .createIndex(`fines_${column.toLowerCase()}_idx`)
      .on('fines')
      .columns([column, 'DATA_INFRACAO', 'id'])
      .execute();
  }
  // Period filter and sorts (keyset paging walks (column, id)); BM months by AP and PG dates.
  for (const column of [
    'DATA_INFRACAO',
    'PLACA',
    'DATA_VENC_MULTA',
    'DATA_PAGMTO',
    'DATA_APURACAO',
    'VALOR_TOTAL_MULTA',
  ]) {
    await db.schema
      .createIndex(`fines_${column.toLowerCase()}_id_idx`)
      .on('fines')
      .columns([column, 'id'])
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fines').execute();
}
