import {
  bannerAltFields,
  canManageNotices,
  editNoticeFields,
  insertNoticeFields,
  MSG,
  type SessionUser,
  toSectorName,
} from '@intranet/contracts';
import type { z } from 'zod';
import { type Db, nowIso } from '../../db/database.ts';
import { audit } from '../../platform/audit.ts';
import { authorize, badRequest, notFound } from '../../platform/errors.ts';
import { fileUrlPath } from '../../platform/files.routes.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import type { ReceivedForm } from '../../platform/uploads.ts';
import type { Storage } from '../../storage/storage.ts';
import * as q from './notices.queries.ts';

/** Multipart fields are text; they are checked with the same zod rules as JSON bodies. */
function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MSG.invalidInput);
  return parsed.data;
}

/** Checks the fields before anything is written; a refused form leaves no temporary file behind. */
async function withForm<T>(form: ReceivedForm, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    await form.discard();
    throw err;
  }
}

/** Notices travel with the author's sector (as sent when it is a known sector). */
const noticeSector = (user: SessionUser, sent: string | undefined) =>
  (sent && toSectorName(sent)) || user.mainSector;

export async function insertNotice(db: Db, storage: Storage, user: SessionUser, form: ReceivedForm) {
  const fields = await withForm(form, async () => {
    authorize(canManageNotices(user));
    return parseFields(insertNoticeFields, form.fields);
  });
  const file = form.files[0];
  const img = file ? fileUrlPath(file.key) : null;
  return commitWithFiles(form, storage, () =>
    db.transaction().execute(async (tx) => {
      const id = await q.insertNotice(tx, {
        text: fields.text,
        img,
        position: fields.position,
        setor: noticeSector(user, fields.setor),
        user_id: user.userId,
        created_at: nowIso(),
      });
      await audit(tx, {
        userId: user.userId,
        action: 'notice.create',
        entity: 'notice',
        entityId: id,
        summary: `Inseriu o aviso ${id}: ${fields.text.slice(0, 200)}`,
      });
      return { result: { id, text: fields.text, img, position: fields.position } };
    }),
  );
}

export async function editNotice(
  db: Db,
  storage: Storage,
  user: SessionUser,
  id: number,
  form: ReceivedForm,
) {
  const { fields, current } = await withForm(form, async () => {
    authorize(canManageNotices(user));
    const fields = parseFields(editNoticeFields, form.fields);
    const current = await q.findNotice(db, id);
    if (!current) throw notFound(MSG.noticeNotFound);
    return { fields, current };
  });
  const file = form.files[0];
  const img = file ? fileUrlPath(file.key) : fields.removeImage ? null : current.img;
  return commitWithFiles(form, storage, () =>
    db.transaction().execute(async (tx) => {
      await q.updateNotice(tx, id, {
        text: fields.text,
        img,
        position: fields.position,
        updated_at: nowIso(),
      });
      await audit(tx, {
        userId: user.userId,
        action: 'notice.update',
        entity: 'notice',
        entityId: id,
        summary: `Editou o aviso ${id}: ${fields.text.slice(0, 200)}`,
      });
      return {
        result: { id, text: fields.text, img, position: fields.position },
        obsolete: img !== current.img ? [current.img] : [],
      };
    }),
  );
}

export async function deleteNotice(db: Db, storage: Storage, user: SessionUser, id: number): Promise<void> {
  authorize(canManageNotices(user));
  const current = await q.findNotice(db, id);
  if (!current) throw notFound(MSG.noticeNotFound);
  await commitWithFiles(undefined, storage, () =>
    db.transaction().execute(async (tx) => {
      await q.deleteNotice(tx, id);
      await audit(tx, {
        userId: user.userId,
        action: 'notice.delete',
        entity: 'notice',
        entityId: id,
        summary: `Excluiu o aviso ${id}: ${current.text.slice(0, 200)}`,
      });
      return { result: undefined, obsolete: [current.img] };
    }),
  );
}

/** Alt text: the one sent, else the picked file's name without its extension. */
function bannerAlt(sent: string | undefined, originalName: string): string {
  if (sent) return sent;
  const base = originalName
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return (base || 'Banner').slice(0, 255);
}

export async function insertBanner(db: Db, storage: Storage, user: SessionUser, form: ReceivedForm) {
  const { fields, file } = await withForm(form, async () => {
    authorize(canManageNotices(user));
    const fields = parseFields(bannerAltFields, form.fields);
    const file = form.files[0];
    if (!file) throw badRequest(MSG.fileMissing);
    return { fields, file };
  });
  const path = fileUrlPath(file.key);
  const alt = bannerAlt(fields.alt, file.originalName);
  return commitWithFiles(form, storage, () =>
    db.transaction().execute(async (tx) => {
      const id = await q.insertBanner(tx, { path, alt, user_id: user.userId, created_at: nowIso() });
      await audit(tx, {
        userId: user.userId,
        action: 'banner.create',
        entity: 'banner',
        entityId: id,
        summary: `Enviou o banner ${id} (${alt})`,
      });
      return { result: { id, path, alt } };
    }),
  );
}

export async function deleteBanner(db: Db, storage: Storage, user: SessionUser, id: number): Promise<void> {
  authorize(canManageNotices(user));
  const current = await q.findBanner(db, id);
  if (!current) throw notFound(MSG.bannerNotFound);
  await commitWithFiles(undefined, storage, () =>
    db.transaction().execute(async (tx) => {
      await q.deleteBanner(tx, id);
      await audit(tx, {
        userId: user.userId,
        action: 'banner.delete',
        entity: 'banner',
        entityId: id,
        summary: `Excluiu o banner ${id} (${current.alt})`,
      });
      return { result: undefined, obsolete: [current.path] };
    }),
  );
}
