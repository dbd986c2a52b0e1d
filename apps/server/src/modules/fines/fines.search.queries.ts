import { cleanPlate, mayStartPlate } from '@intranet/contracts';
import type { DbOrTx } from '../../db/database.ts';
import { rangeTest } from '../../platform/lists/index.ts';
import { startsWith } from './fines.queries.ts';

const HIT_COLUMNS = ['fines.id', 'fines.NUMERO_AUTO', 'fines.PLACA', 'fines.OT'] as const;
type Prefixed = 'NUMERO_AUTO' | 'PLACA' | 'OT';

/**
 * One search (issue 35): the first `limit` fines, by auto number, whose auto number, plate or OT
 * starts with the text (upper case, as the list's filters take them). Each is a range of its
 * column's index (migrations 0006, 0042) read in that index's order and stopped at the limit, so a
 * prefix that thousands share costs a few rows; tested as the list tests its plate and auto number.
 * The three reads are one statement, the plate's only for a text a plate may start with (bench:busca,
 * admin rows: two statements fewer). The fines list has no scope: who may list fines sees every one.
 */
export async function searchFines(db: DbOrTx, text: string, limit: number) {
  const upper = text.trim().toUpperCase();
  const plate = cleanPlate(text);
  const first = (column: Prefixed, prefix: string) =>
    db
      .selectFrom(
        db
          .selectFrom('fines')
          .select(HIT_COLUMNS)
          .where(rangeTest(db, 'fines', column, startsWith(prefix), 'index'))
          .orderBy(`fines.${column}`)
          .orderBy('fines.id')
          .limit(limit)
          .as(column),
      )
      .selectAll();
  const reads = [first('NUMERO_AUTO', upper), first('OT', upper)];
  if (plate.length >= 2 && mayStartPlate(plate)) reads.push(first('PLACA', plate));
  const rows = await reads.reduce((all, read) => all.unionAll(read)).execute();
  const byId = new Map(rows.map((f) => [f.id, f]));
  return [...byId.values()]
    .sort((a, b) => a.NUMERO_AUTO.localeCompare(b.NUMERO_AUTO) || a.id - b.id)
    .slice(0, limit);
}
