import type { DbOrTx } from '../../db/database.ts';
import { pagedQuery } from '../../platform/lists/index.ts';
import { containsText } from '../../platform/text-search.ts';

export function listNotices(db: DbOrTx) {
  return db
    .selectFrom('notices')
    .select(['id', 'text', 'img', 'position'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** /avisos: every notice, newest first, one keyset page at a time (created_at, id: the index order). */
export function pageNotices(db: DbOrTx, page: { pageSize: number; cursor?: string | undefined }) {
  return pagedQuery(
    db.selectFrom('notices'),
    {
      select: (q) => q.select(['id', 'text', 'img', 'position', 'setor', 'created_at as createdAt']),
      sort: { created: ['notices.created_at'] },
      tiebreak: 'notices.id',
    },
    { sort: 'created', dir: 'desc', pageSize: page.pageSize, cursor: page.cursor ?? '' },
  );
}

/**
 * One search (issue 35): the newest `limit` notices of /avisos (every notice, for every reader)
 * whose text contains `text`, through its search index (migration 0042).
 */
export function searchNotices(db: DbOrTx, text: string, limit: number) {
  return db
    .selectFrom('notices')
    .select(['id', 'text', 'setor', 'created_at as createdAt'])
    .where(containsText(db, { table: 'notices', column: 'text' }, text))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function listBanners(db: DbOrTx) {
  return db
    .selectFrom('banners')
    .select(['id', 'path', 'alt'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

export function findNotice(db: DbOrTx, id: number) {
  return db
    .selectFrom('notices')
    .select(['id', 'text', 'img', 'position'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertNotice(
  db: DbOrTx,
  row: {
    text: string;
    img: string | null;
    position: number;
    setor: string | null;
    user_id: number;
    created_at: string;
  },
) {
  const { id } = await db.insertInto('notices').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateNotice(
  db: DbOrTx,
  id: number,
  change: { text: string; img: string | null; position: number; updated_at: string },
): Promise<void> {
  await db.updateTable('notices').set(change).where('id', '=', id).execute();
}

export async function deleteNotice(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('notices').where('id', '=', id).execute();
}

export function findBanner(db: DbOrTx, id: number) {
  return db.selectFrom('banners').select(['id', 'path', 'alt']).where('id', '=', id).executeTakeFirst();
}

export async function insertBanner(
  db: DbOrTx,
  row: { path: string; alt: string; user_id: number; created_at: string },
) {
  const { id } = await db.insertInto('banners').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function deleteBanner(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('banners').where('id', '=', id).execute();
}
