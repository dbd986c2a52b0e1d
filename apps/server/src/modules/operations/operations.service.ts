import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  canManageAttachments,
  canSeeOtAttachments,
  LIMITS,
  MSG,
  OPERATION_MIMES,
  OPERATION_TYPE_MESSAGE,
  type OperationAttachment,
  type OperationUploadMetadata,
  type otListQuery,
  type SessionUser,
  slotKind,
} from '@intranet/contracts';
import { fileTypeStream } from 'file-type/node';
import type { z } from 'zod';
import { nowIso } from '../../db/database.ts';
import { lockRow } from '../../db/dialect.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, notFound, payloadTooLarge, unsupportedMedia } from '../../platform/errors.ts';
import { cleanOriginalName } from '../../platform/uploads.ts';
import * as q from './operations.queries.ts';

/** Storage keys of attachments: operation/<uuid>.<ext>; served at /api/operation/files/<name>. */
const STORAGE_PREFIX = 'operation';
const storageKey = (fileName: string) => `${STORAGE_PREFIX}/${fileName}`;

export function toAttachment(row: q.AttachmentRow): OperationAttachment {
  return {
    id: row.id,
    ot: row.ot,
    slot: row.slot,
    // Spec §7: files are fetched from the api base path plus the file path.
    filepath: `operation/files/${row.file_name}`,
    mime: row.mime,
    kind: row.mime.startsWith('image/') ? 'image' : 'video',
    name: row.original_name,
    size: Number(row.size),
    createdAt: row.created_at,
  };
}

/**
 * One OT's files. OT numbers are guessable and the files open to every member who knows one, so
 * each person's lookups count against `limit` (429 beyond it; issue 31), except for those who may
 * list every OT anyway (Gerenciar Anexos), who gain nothing by guessing.
 */
export async function attachmentsOfOt(
  ctx: AppContext,
  user: SessionUser,
  ot: string,
  limit: (person: string) => Promise<void>,
) {
  authorize(canSeeOtAttachments(user));
  if (!canManageAttachments(user)) await limit(String(user.userId));
  return (await q.attachmentsOfOt(ctx.db, ot)).map(toAttachment);
}

export async function otFolders(ctx: AppContext, user: SessionUser, filter: z.output<typeof otListQuery>) {
  authorize(canManageAttachments(user), 'Apenas administradores e gestores gerenciam os anexos.');
  return q.otFolders(ctx.db, filter);
}

/** The stored file behind a name, or 404. */
export async function attachmentFile(ctx: AppContext, user: SessionUser, fileName: string) {
  const row = await q.attachmentByFileName(ctx.db, fileName);
  if (!row || !canSeeOtAttachments(user)) throw notFound(MSG.operationFileNotFound);
  return { key: storageKey(row.file_name), mime: row.mime };
}

/**
 * A finished upload becomes an attachment: its type is read from its first bytes and checked
 * against its slot's list, the bytes stream into Storage under a generated name (one read of the
 * upload store, local or S3), and the file is moved under its key before the row commits with its
 * audit entry (a file without its row is swept, decision 0128).
 */
export async function attachUpload(
  ctx: AppContext,
  userId: number,
  meta: OperationUploadMetadata,
  open: () => Promise<Readable>,
): Promise<OperationAttachment> {
  const kind = slotKind(meta.slot);
  const source = await fileTypeStream(await open(), { sampleSize: 4100 });
  const type = source.fileType;
  if (!type || !OPERATION_MIMES[kind].includes(type.mime)) {
    source.destroy();
    throw unsupportedMedia(OPERATION_TYPE_MESSAGE[kind]);
  }
  const temp = await ctx.storage.writeTemp(source);
  const fileName = `${randomUUID()}.${type.ext}`;
  let row: q.AttachmentRow;
  try {
    await temp.commit(storageKey(fileName));
    row = await auditedChange(ctx.db, userId, async (tx, record) => {
      const inserted = await q.insertAttachment(tx, {
        ot: meta.ot,
        slot: meta.slot,
        file_name: fileName,
        original_name: cleanOriginalName(meta.filename ?? fileName),
        mime: type.mime,
        size: temp.size,
        user_id: userId,
        created_at: nowIso(),
      });
      record({
        action: 'operation.attach',
        entity: 'operation_attachment',
        entityId: inserted.id,
        summary: `OT ${meta.ot}, posição ${meta.slot}: ${inserted.original_name} (${type.mime}, ${temp.size} bytes)`,
      });
      return inserted;
    });
  } catch (err) {
    await temp.discard();
    await ctx.storage.delete(storageKey(fileName)).catch(() => undefined);
    throw err;
  }
  return toAttachment(row);
}

const GIB = 1024 ** 3;
const UPLOAD_EXPIRY_MS = LIMITS.operationUploadExpiryHours * 3600_000;

/**
 * Holds a new resumable upload against its owner's quota (issue 31): at most
 * operationUploadsInFlightMax unfinished uploads, declaring at most operationUploadBytesInFlightMax
 * together; beyond either, 413. Counted and reserved in one transaction with the person's row
 * locked (SQLite's transactions already run one at a time), so uploads created at once cannot
 * pass the quota together. An upload older than its expiry no longer counts, swept or not.
 */
export async function reserveUpload(
  ctx: AppContext,
  userId: number,
  upload: { id: string; size: number; createdAt: string },
): Promise<void> {
  const { operationUploadsInFlightMax: maxCount, operationUploadBytesInFlightMax: maxBytes } = LIMITS;
  const hours = LIMITS.operationUploadExpiryHours;
  const since = new Date(Date.now() - UPLOAD_EXPIRY_MS).toISOString();
  await ctx.db.transaction().execute(async (tx) => {
    await lockRow(tx, 'users', userId);
    await q.deleteUploadsBefore(tx, userId, since);
    const held = await q.uploadsInFlight(tx, userId, since);
    if (held.count >= maxCount) throw payloadTooLarge(MSG.operationUploadsTooMany(maxCount, hours));
    if (held.bytes + upload.size > maxBytes)
      throw payloadTooLarge(MSG.operationUploadBytesTooMany(maxBytes / GIB, hours));
    await q.insertUpload(tx, {
      id: upload.id,
      user_id: userId,
      size: upload.size,
      created_at: upload.createdAt,
    });
  });
}

/** The upload finished, was dropped or never got created: it no longer counts against its owner. */
export function releaseUpload(ctx: AppContext, id: string): Promise<void> {
  return q.deleteUpload(ctx.db, id);
}
