import type { SectorName } from '@intranet/contracts';
import { expressionBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { byName, jsonArrayFor, jsonList } from '../../db/json-array.ts';
import type { Database } from '../../db/schema.ts';
import { containsText } from '../../platform/text-search.ts';

export interface AppFilter {
  search: string;
  /** Only apps assigned to one of these sectors; undefined means every app (administrators). */
  sectors?: readonly string[];
  page: number;
  pageSize: number;
}

function filtered(db: DbOrTx, f: AppFilter) {
  let q = db.selectFrom('apps as a');
  if (f.search) q = q.where(containsText(db, { table: 'apps', column: 'name', as: 'a' }, f.search));
  if (f.sectors) {
    const sectors = f.sectors.length ? [...f.sectors] : [''];
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('app_sectors as aps')
          .innerJoin('sectors as s', 's.id', 'aps.sector_id')
          .select(sql`1`.as('one'))
          .whereRef('aps.app_id', '=', 'a.id')
          .where('s.name', 'in', sectors),
      ),
    );
  }
  return q;
}

/** The columns of an app as the lists show it, with its sectors as a JSON array (`sectorNamesOf`). */
const appColumns = (db: DbOrTx) => {
  const jsonArrayFrom = jsonArrayFor(db);
  // A sub-select of the outer statement (apps aliased `a`), never run on its own.
  const eb = expressionBuilder<Database, never>();
  return [
    'a.id',
    'a.name',
    'a.address',
    'a.image',
    jsonArrayFrom(
      eb
        .selectFrom('app_sectors as aps')
        .innerJoin('sectors as s', 's.id', 'aps.sector_id')
        .select('s.name')
        .where('aps.app_id', '=', sql<number>`${sql.ref('a.id')}`),
    ).as('sectors'),
  ] as const;
};

/** An app row's sector names, by name. */
export const sectorNamesOf = (row: { sectors: { name: string }[] | string }) =>
  jsonList(row.sectors)
    .sort(byName)
    .map((s) => s.name);

export async function listApps(db: DbOrTx, f: AppFilter) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select(appColumns(db))
      .orderBy('a.name')
      .orderBy('a.id')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findApp(db: DbOrTx, id: number) {
  return db.selectFrom('apps as a').select(appColumns(db)).where('a.id', '=', id).executeTakeFirst();
}

export async function insertApp(
  db: DbOrTx,
  row: { name: string; address: string; image: string | null; created_at: string; updated_at: string },
): Promise<number> {
  const { id } = await db.insertInto('apps').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateApp(
  db: DbOrTx,
  id: number,
  change: { name: string; address: string; image: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('apps').set(change).where('id', '=', id).execute();
}

export async function deleteApp(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('app_sectors').where('app_id', '=', id).execute();
  await db.deleteFrom('apps').where('id', '=', id).execute();
}

export async function replaceAppSectors(
  db: DbOrTx,
  appId: number,
  setores: readonly SectorName[],
): Promise<void> {
  await db.deleteFrom('app_sectors').where('app_id', '=', appId).execute();
  if (setores.length === 0) return;
  const sectors = await db
    .selectFrom('sectors')
    .select('id')
    .where('name', 'in', [...setores])
    .execute();
  await db
    .insertInto('app_sectors')
    .values(sectors.map((s) => ({ app_id: appId, sector_id: s.id })))
    .execute();
}
