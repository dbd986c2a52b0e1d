import { randomUUID } from 'node:crypto';
import { folderNameKey } from '@intranet/contracts';
import type { DbOrTx } from '../../db/database.ts';
import { insertFiles } from './folders.queries.ts';

/** Tests' rows of a share, written straight to the database (no upload, no stored bytes). */

export async function insertTestFolder(
  db: DbOrTx,
  folder: { name: string; parent: number; privilegio: number; owner: number },
): Promise<number> {
  const [row] = await db
    .insertInto('folders')
    .values({
      name: folder.name,
      name_key: folderNameKey(folder.name),
      parent_id: folder.parent,
      user_id: folder.owner,
      privilegio: folder.privilegio,
      is_private: 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .execute();
  return row!.id;
}

export function insertTestFiles(db: DbOrTx, folderId: number, names: string[]) {
  const now = new Date().toISOString();
  return insertFiles(
    db,
    names.map((name) => ({
      name,
      name_key: folderNameKey(name),
      file_name: `${randomUUID()}.bin`,
      folder_id: folderId,
      user_id: null,
      size: 1,
      mime: 'application/octet-stream',
      tipo: 'bin',
      created_at: now,
    })),
  );
}
