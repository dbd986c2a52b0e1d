import {
  type AppItem,
  appAbilitiesFor,
  type appListQuery,
  type appsCalls,
  canManageApps,
  MSG,
  type SessionUser,
  seesAllApps,
} from '@intranet/contracts';
import type { z } from 'zod';
import { type DbOrTx, nowIso } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, notFound } from '../../platform/errors.ts';
import { fileUrlPath } from '../../platform/files.routes.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import type { FormReader } from '../../platform/multipart-form.ts';
import { activeOrgNames, checkSectorNames } from '../org/org.names.ts';
import * as q from './apps.queries.ts';

export async function listApps(ctx: AppContext, user: SessionUser, query: z.output<typeof appListQuery>) {
  const { db } = ctx;
  const { rows, total } = await q.listApps(db, {
    search: query.search,
    sectors: seesAllApps(user) ? undefined : user.setor.map((s) => s.sector),
    page: query.page,
    pageSize: query.pageSize,
  });
  const sectors = await q.sectorsOfApps(
    db,
    rows.map((r) => r.id),
  );
  const abilities = appAbilitiesFor(user);
  return {
    apps: rows.map((r) => ({ ...r, setores: sectors.get(r.id) ?? [], abilities })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    canCreate: canManageApps(user),
  };
}

async function appItem(db: DbOrTx, user: SessionUser, id: number): Promise<AppItem> {
  const row = await q.findApp(db, id);
  if (!row) throw notFound(MSG.appNotFound);
  const sectors = await q.sectorsOfApps(db, [id]);
  return { ...row, setores: sectors.get(id) ?? [], abilities: appAbilitiesFor(user) };
}

/** Managing apps (administrators): checked before an upload is read. */
function authorizeManage(user: SessionUser): void {
  authorize(canManageApps(user));
}

export async function createApp(
  ctx: AppContext,
  user: SessionUser,
  read: FormReader<typeof appsCalls.create.multipart>,
) {
  authorizeManage(user);
  const { fields, form } = await read();
  const file = form.files[0];
  const image = file ? fileUrlPath(file.key) : null;
  return commitWithFiles(form, ctx.storage, async () => {
    return auditedChange(ctx.db, user.userId, async (tx, record) => {
      const setores = checkSectorNames(await activeOrgNames(tx), fields.setores);
      const now = nowIso();
      const id = await q.insertApp(tx, {
        name: fields.name,
        address: fields.address,
        image,
        created_at: now,
        updated_at: now,
      });
      await q.replaceAppSectors(tx, id, setores);
      record({
        action: 'app.create',
        entity: 'app',
        entityId: id,
        summary: `Adicionou o aplicativo ${fields.name} (${fields.address}) aos setores: ${setores.join(', ') || 'nenhum'}`,
      });
      return { result: await appItem(tx, user, id) };
    });
  });
}

export async function updateApp(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  read: FormReader<typeof appsCalls.update.multipart>,
) {
  authorizeManage(user);
  const { fields, form } = await read();
  const file = form.files[0];
  return commitWithFiles(form, ctx.storage, async () => {
    return auditedChange(ctx.db, user.userId, async (tx, record) => {
      const current = await q.findApp(tx, id);
      if (!current) throw notFound(MSG.appNotFound);
      const image = file ? fileUrlPath(file.key) : fields.removeImage ? null : current.image;
      await q.updateApp(tx, id, { name: fields.name, address: fields.address, image, updated_at: nowIso() });
      record({
        action: 'app.update',
        entity: 'app',
        entityId: id,
        summary: `Editou o aplicativo ${id}: ${fields.name} (${fields.address})`,
      });
      return {
        result: await appItem(tx, user, id),
        obsolete: image !== current.image ? [current.image] : [],
      };
    });
  });
}

/** The sectors an app shows to: active ones, or ones it already had (deactivated since). */
export async function setAppSectors(ctx: AppContext, user: SessionUser, id: number, typed: string[]) {
  authorizeManage(user);
  return auditedChange(ctx.db, user.userId, async (tx, record) => {
    const current = await q.findApp(tx, id);
    if (!current) throw notFound(MSG.appNotFound);
    const had = (await q.sectorsOfApps(tx, [id])).get(id) ?? [];
    const setores = checkSectorNames(await activeOrgNames(tx), typed, { keep: had });
    await q.replaceAppSectors(tx, id, setores);
    record({
      action: 'app.sectors',
      entity: 'app',
      entityId: id,
      summary: `Setores do aplicativo ${current.name}: ${setores.join(', ') || 'nenhum'}`,
    });
    return appItem(tx, user, id);
  });
}

export async function deleteApp(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  authorizeManage(user);
  await commitWithFiles(undefined, ctx.storage, () =>
    auditedChange(ctx.db, user.userId, async (tx, record) => {
      const current = await q.findApp(tx, id);
      if (!current) throw notFound(MSG.appNotFound);
      await q.deleteApp(tx, id);
      record({
        action: 'app.delete',
        entity: 'app',
        entityId: id,
        summary: `Excluiu o aplicativo ${current.name}`,
      });
      return { result: undefined, obsolete: [current.image] };
    }),
  );
}
