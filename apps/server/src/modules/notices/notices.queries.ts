import type { DbOrTx } from '../../db/database.ts';

export function listNotices(db: DbOrTx) {
  return db
    .selectFrom('notices')
    .select(['id', 'text', 'img', 'position'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
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
