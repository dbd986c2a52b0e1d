import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { OperationAttachmentsTable, OperationUploadsTable } from '../../db/schema.ts';
import { containsText } from '../../platform/text-search.ts';

export type AttachmentRow = Selectable<OperationAttachmentsTable>;
export type NewAttachment = Insertable<OperationAttachmentsTable>;

export async function insertAttachment(db: DbOrTx, row: NewAttachment): Promise<AttachmentRow> {
  return db.insertInto('operation_attachments').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Every file of one OT, by slot then upload order (the newest of a slot last). */
export function attachmentsOfOt(db: DbOrTx, ot: string): Promise<AttachmentRow[]> {
  return db
    .selectFrom('operation_attachments')
    .selectAll()
    .where('ot', '=', ot)
    .orderBy('slot')
    .orderBy('id')
    .execute();
}

export function attachmentByFileName(db: DbOrTx, fileName: string): Promise<AttachmentRow | undefined> {
  return db
    .selectFrom('operation_attachments')
    .selectAll()
    .where('file_name', '=', fileName)
    .executeTakeFirst();
}

/** The one "contains" search of this module, through its search index (migration 0011). */
const otContains = (db: DbOrTx, search: string) =>
  containsText(db, { table: 'operation_attachments', column: 'ot' }, search);

/** One folder per OT, in OT order, `limit` at a time after the OT `after` (keyset paging). */
export async function otFolders(
  db: DbOrTx,
  filter: { search?: string; after?: string; limit: number },
): Promise<{ rows: { ot: string; files: number; lastAt: string }[]; next: string | null }> {
  let query = db
    .selectFrom('operation_attachments')
    .select((eb) => ['ot', eb.fn.countAll<number>().as('files'), eb.fn.max('created_at').as('lastAt')])
    .groupBy('ot')
    .orderBy('ot')
    .limit(filter.limit + 1);
  if (filter.search) query = query.where(otContains(db, filter.search));
  if (filter.after) query = query.where('ot', '>', filter.after);
  const rows = await query.execute();
  const page = rows
    .slice(0, filter.limit)
    .map((r) => ({ ot: r.ot, files: Number(r.files), lastAt: r.lastAt }));
  return { rows: page, next: rows.length > filter.limit ? (page.at(-1)?.ot ?? null) : null };
}

// ---- unfinished resumable uploads (the per-person quota, migration 0032) ----

/** How many unfinished uploads a person holds created at or after `since`, and their declared bytes. */
export async function uploadsInFlight(
  db: DbOrTx,
  userId: number,
  since: string,
): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('operation_uploads')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('size').as('bytes')])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), bytes: Number(row.bytes ?? 0) };
}

export async function insertUpload(db: DbOrTx, row: Insertable<OperationUploadsTable>): Promise<void> {
  await db.insertInto('operation_uploads').values(row).execute();
}

export async function deleteUpload(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('operation_uploads').where('id', '=', id).execute();
}

/** Forgets a person's uploads created before `before`: expired, they no longer count. */
export async function deleteUploadsBefore(db: DbOrTx, userId: number, before: string): Promise<void> {
  await db
    .deleteFrom('operation_uploads')
    .where('user_id', '=', userId)
    .where('created_at', '<', before)
    .execute();
}
