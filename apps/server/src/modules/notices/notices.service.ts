import {
  canManageNotices,
  canReadNotices,
  findSectorNamed,
  MSG,
  type noticePageQuery,
  type noticesCalls,
  type SessionUser,
} from '@intranet/contracts';
import type { z } from 'zod';
import { type DbOrTx, nowIso } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest, notFound } from '../../platform/errors.ts';
import { fileUrlPath } from '../../platform/files.routes.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import type { FormReader } from '../../platform/multipart-form.ts';
import { activeOrgNames } from '../org/org.names.ts';
import * as q from './notices.queries.ts';

/** Inserir Avisos (spec §6): checked before an upload is read. */
function authorizeManage(user: SessionUser): void {
  authorize(canManageNotices(user));
}

/** The home page's notices; none at all answers 404 (spec §7). */
export async function listNotices(ctx: AppContext) {
  const notices = await q.listNotices(ctx.db);
  if (notices.length === 0) throw notFound(MSG.noNotices);
  return notices;
}

/** /avisos: a page of every notice (every member reads every notice: notices.policy.ts). */
export async function pageNotices(
  ctx: AppContext,
  user: SessionUser,
  query: z.output<typeof noticePageQuery>,
) {
  authorize(canReadNotices(user));
  const { rows, nextCursor } = await q.pageNotices(ctx.db, query);
  return nextCursor ? { rows, nextCursor } : { rows };
}

export const listBanners = (ctx: AppContext) => q.listBanners(ctx.db);

/**
 * Notices travel with the author's sector: as sent when it names an active sector (its stored
 * name, decision 0116), else the author's main one (the field travels for compatibility, spec §7).
 */
const noticeSector = async (db: DbOrTx, user: SessionUser, sent: string | undefined) =>
  (sent && findSectorNamed((await activeOrgNames(db)).sectors, sent)?.name) || user.mainSector;

export async function insertNotice(
  ctx: AppContext,
  user: SessionUser,
  read: FormReader<typeof noticesCalls.insert.multipart>,
) {
  authorizeManage(user);
  const { fields, form } = await read();
  const file = form.files[0];
  const img = file ? fileUrlPath(file.key) : null;
  return commitWithFiles(form, ctx.storage, async () => {
    return auditedChange(ctx.db, user.userId, async (tx, record) => {
      const id = await q.insertNotice(tx, {
        text: fields.text,
        img,
        position: fields.position,
        setor: await noticeSector(tx, user, fields.setor),
        user_id: user.userId,
        created_at: nowIso(),
      });
      record({
        action: 'notice.create',
        entity: 'notice',
        entityId: id,
        summary: `Inseriu o aviso ${id}: ${fields.text.slice(0, 200)}`,
      });
      return { result: { id, text: fields.text, img, position: fields.position } };
    });
  });
}

export async function editNotice(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  read: FormReader<typeof noticesCalls.edit.multipart>,
) {
  authorizeManage(user);
  const { fields, form } = await read();
  const file = form.files[0];
  return commitWithFiles(form, ctx.storage, async () => {
    return auditedChange(ctx.db, user.userId, async (tx, record) => {
      const current = await q.findNotice(tx, id);
      if (!current) throw notFound(MSG.noticeNotFound);
      const img = file ? fileUrlPath(file.key) : fields.removeImage ? null : current.img;
      await q.updateNotice(tx, id, {
        text: fields.text,
        img,
        position: fields.position,
        updated_at: nowIso(),
      });
      record({
        action: 'notice.update',
        entity: 'notice',
        entityId: id,
        summary: `Editou o aviso ${id}: ${fields.text.slice(0, 200)}`,
      });
      return {
        result: { id, text: fields.text, img, position: fields.position },
        obsolete: img !== current.img ? [current.img] : [],
      };
    });
  });
}

export async function deleteNotice(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  authorizeManage(user);
  await commitWithFiles(undefined, ctx.storage, () =>
    auditedChange(ctx.db, user.userId, async (tx, record) => {
      const current = await q.findNotice(tx, id);
      if (!current) throw notFound(MSG.noticeNotFound);
      await q.deleteNotice(tx, id);
      record({
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

export async function insertBanner(
  ctx: AppContext,
  user: SessionUser,
  read: FormReader<typeof noticesCalls.insertBanner.multipart>,
) {
  authorizeManage(user);
  const { fields, form } = await read();
  const file = form.files[0];
  return commitWithFiles(form, ctx.storage, async () => {
    if (!file) throw badRequest(MSG.fileMissing);
    const path = fileUrlPath(file.key);
    const alt = bannerAlt(fields.alt, file.originalName);
    return auditedChange(ctx.db, user.userId, async (tx, record) => {
      const id = await q.insertBanner(tx, { path, alt, user_id: user.userId, created_at: nowIso() });
      record({
        action: 'banner.create',
        entity: 'banner',
        entityId: id,
        summary: `Enviou o banner ${id} (${alt})`,
      });
      return { result: { id, path, alt } };
    });
  });
}

export async function deleteBanner(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  authorizeManage(user);
  await commitWithFiles(undefined, ctx.storage, () =>
    auditedChange(ctx.db, user.userId, async (tx, record) => {
      const current = await q.findBanner(tx, id);
      if (!current) throw notFound(MSG.bannerNotFound);
      await q.deleteBanner(tx, id);
      record({
        action: 'banner.delete',
        entity: 'banner',
        entityId: id,
        summary: `Excluiu o banner ${id} (${current.alt})`,
      });
      return { result: undefined, obsolete: [current.path] };
    }),
  );
}
