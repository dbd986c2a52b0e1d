import type { Db } from '../../db/database.ts';

/** Spreadsheet rows the fines import tests send. */

/** The header of an import file: the required fields, a few more and one the import ignores. */
export const HEADER = [
  'NUMERO_AUTO',
  'DATA_INFRACAO',
  'ORGAO_AUTUADOR',
  'UNIDADE',
  'PLACA',
  'TRANSP',
  'STATUS_MULTA',
  'VALOR_TOTAL_MULTA',
  'NOME_AUTUADO',
  'Observação interna',
];

/** `count` rows of one PRF penalty each, numbered PREFIX-0001…, with the value `valor(i)`. */
export const penalties = (count: number, prefix: string, digits: number, valor: (i: number) => number) =>
  Array.from({ length: count }, (_, i) => [
    `${prefix}-${String(i).padStart(digits, '0')}`,
    '2024-04-01',
    'PRF',
    'Camaçari',
    'ABC1234',
    'Translog',
    'Penalidade',
    valor(i),
  ]);

/** How many fines numbered PREFIX-… the database holds (what `penalties` rows became). */
export const countImported = async (db: Db, prefix: string): Promise<number> =>
  (await db.selectFrom('fines').select('NUMERO_AUTO').where('NUMERO_AUTO', 'like', `${prefix}-%`).execute())
    .length;
