import { cleanPlate } from '@intranet/contracts';
import type { DbOrTx } from '../../db/database.ts';
import { rangeTest } from '../../platform/lists/index.ts';
import { startsWith } from './fines.queries.ts';

/**
 * One search (issue 35): the newest `limit` fines whose auto number, plate or OT starts with the
 * text (upper case, as the list's filters take them), each a range of its index (migrations 0006,
 * 0042), tested as the list tests its plate and auto number. The fines list has no scope: who may
 * list fines sees every one.
 */
export function searchFines(db: DbOrTx, text: string, limit: number) {
  const upper = text.trim().toUpperCase();
  const plate = cleanPlate(text);
  const prefix = (column: 'NUMERO_AUTO' | 'PLACA' | 'OT', value: string) =>
    rangeTest(db, 'fines', column, startsWith(value), 'index');
  return db
    .selectFrom('fines')
    .select(['fines.id', 'fines.NUMERO_AUTO', 'fines.PLACA', 'fines.OT', 'fines.DATA_INFRACAO'])
    .where((eb) =>
      eb.or([
        prefix('NUMERO_AUTO', upper),
        prefix('OT', upper),
        ...(plate.length >= 2 ? [prefix('PLACA', plate)] : []),
      ]),
    )
    .orderBy('fines.id', 'desc')
    .limit(limit)
    .execute();
}
