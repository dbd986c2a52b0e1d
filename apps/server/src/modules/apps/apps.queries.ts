import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { DbOrTx } from '../../db/database.ts';
import { idSet, idSetValue, inIdSet } from '../../db/id-set.ts';
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

export async function listApps(db: DbOrTx, f: AppFilter) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select(['a.id', 'a.name', 'a.address', 'a.image'])
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

/** The sectors of a page's apps by name: the ids one parameter (db/id-set.ts), compiled once (prepared on PostgreSQL). */
const sectorRows = compiledOnce(
  (db) =>
    db
      .selectFrom('app_sectors as aps')
      .innerJoin('sectors as s', 's.id', 'aps.sector_id')
      .select(['aps.app_id', 's.name'])
      .where(inIdSet(db, 'aps.app_id', idSet([])))
      .orderBy('s.name'),
  1,
);

export async function sectorsOfApps(db: DbOrTx, appIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (appIds.length === 0) return out;
  const rows = await sectorRows(db, [idSetValue(db, idSet(appIds))]);
  for (const r of rows) {
    const names = out.get(r.app_id);
    if (names) names.push(r.name);
    else out.set(r.app_id, [r.name]);
  }
  return out;
}

export function findApp(db: DbOrTx, id: number) {
  return db
    .selectFrom('apps')
    .select(['id', 'name', 'address', 'image'])
    .where('id', '=', id)
    .executeTakeFirst();
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
  setores: readonly string[],
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
