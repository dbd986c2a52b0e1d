import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 11 (decision 0081): the dashboard's
 * reads answered from indexes alone.
 * - PostgreSQL: the keys of the cube `fines_cube` (0017) and of its roll-up `fines_cube_roll` (0020)
 *   carry the cell's count and sum (`include`), those of `fines_cube_max` / `fines_cube_max_roll`
 *   their maxima, so the dashboard's statement reads them by index-only scans. One fine status read 3,266 + 5,124 roll-up cells from ~1,900 heap pages (the
 *   bench's data; ~5,200 pages after its 100,000 inserts in one transaction had scattered the
 *   rows): 313 index pages now. SQLite's cube tables are WITHOUT ROWID (the key is the table): no
 *   change there. The price: a cell's update is no longer HOT (its count is in the index), one
 *   index entry more per changed cell.
 * - Both: the period's index (DATA_INFRACAO, id) and the carrier's (TRANSP, DATA_INFRACAO, id) of
 *   0006 replaced by the same keys carrying the columns the dashboard's pass reads and the filter
 *   bar's other columns (PostgreSQL `include`, SQLite trailing columns), so the pass over a
 *   period's partial months (its edge days) or over one carrier reads no fine row (a day's fines
 *   lie on as many heap pages as there are fines). Same count of indexes on `fines`; their entries
 *   are wider.
 */
/** The cube's tables: the leading columns of their keys (before the six filter columns) and what they carry. */
const CUBE_KEYS = {
  fines_cube: [['dim', 'key', 'mes'], 'count, value'],
  fines_cube_roll: [['ano', 'dim', 'key'], 'count, value'],
  fines_cube_max: [['mes'], 'max_valor, max_atraso, min_venc'],
  fines_cube_max_roll: [['ano'], 'max_valor, max_atraso, min_venc'],
} as const;
const COMBO = ['responsavel', 'negocio_grupo', 'status_multa', 'status_pagmto', 'status_nd', 'unidade'];

/** What the dashboard's pass over the fines reads (fines.queries.ts#dashboardSource) and filters on. */
const CARRIED = [
  'responsavel',
  'negocio_grupo',
  'STATUS_MULTA',
  'STATUS_PAGMTO',
  'STATUS_ND',
  'UNIDADE',
  'VALOR_TOTAL_MULTA',
  'VAL_PAGO_ATUALIZADO',
  'VALOR_ATUALIZADO',
  'VAL_REALIZADO_ND',
  'N_DOC_NOTA_DEBITO',
  'DATA_VENC_MULTA',
  'DATA_PAGMTO',
  'ORGAO_AUTUADOR',
  'TIPO_VEICULO',
];
/** name of 0006's index → (name of its replacement, its key). */
const REPLACED = [
  ['fines_data_infracao_id_idx', 'fines_data_infracao_dash_idx', ['DATA_INFRACAO', 'id'], ['TRANSP']],
  ['fines_transp_idx', 'fines_transp_dash_idx', ['TRANSP', 'DATA_INFRACAO', 'id'], []],
] as const;

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const [old, name, key, extra] of REPLACED) {
    const carried = [...CARRIED, ...extra];
    await sql
      .raw(
        pg
          ? `create index ${name} on fines (${quoted(key)}) include (${quoted(carried)})`
          : `create index ${name} on fines (${quoted([...key, ...carried])})`,
      )
      .execute(db);
    await sql.raw(`drop index ${old}`).execute(db);
  }
  if (!pg) return;
  for (const [table, [lead, carried]] of Object.entries(CUBE_KEYS)) {
    await sql
      .raw(
        `alter table ${table} drop constraint ${table}_pk, add constraint ${table}_pk primary key (${[...lead, ...COMBO].join(', ')}) include (${carried})`,
      )
      .execute(db);
    await sql.raw(`analyze ${table}`).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  if (pg) {
    for (const [table, [lead]] of Object.entries(CUBE_KEYS)) {
      await sql
        .raw(
          `alter table ${table} drop constraint ${table}_pk, add constraint ${table}_pk primary key (${[...lead, ...COMBO].join(', ')})`,
        )
        .execute(db);
    }
  }
  for (const [old, name, key] of REPLACED) {
    await sql.raw(`create index ${old} on fines (${quoted(key)})`).execute(db);
    await sql.raw(`drop index ${name}`).execute(db);
  }
}
