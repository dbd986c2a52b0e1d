import {
  type AppItem,
  appAbilitiesFor,
  type appListQuery,
  canManageApps,
  createAppFields,
  MSG,
  type SectorName,
  type SessionUser,
  seesAllApps,
  updateAppFields,
} from '@intranet/contracts';
import type { z } from 'zod';
import { type Db, type DbOrTx, nowIso } from '../../db/database.ts';
import { audit } from '../../platform/audit.ts';
import { authorize, badRequest, notFound } from '../../platform/errors.ts';
import { fileUrlPath } from '../../platform/files.routes.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import type { ReceivedForm } from '../../platform/uploads.ts';
import type { Storage } from '../../storage/storage.ts';
import * as q from './apps.queries.ts';

export async function listApps(db: Db, user: SessionUser, query: z.output<typeof appListQuery>) {
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

function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MSG.invalidInput);
  return parsed.data;
}

export async function createApp(db: Db, storage: Storage, user: SessionUser, form: ReceivedForm) {
  let fields: z.output<typeof createAppFields>;
  try {
    authorize(canManageApps(user));
    fields = parseFields(createAppFields, form.fields);
  } catch (err) {
    await form.discard();
    throw err;
  }
  const file = form.files[0];
  const image = file ? fileUrlPath(file.key) : null;
  return commitWithFiles(form, storage, () =>
    db.transaction().execute(async (tx) => {
      const now = nowIso();
      const id = await q.insertApp(tx, {
        name: fields.name,
        address: fields.address,
        image,
        created_at: now,
        updated_at: now,
      });
      await q.replaceAppSectors(tx, id, fields.setores);
      await audit(tx, {
        userId: user.userId,
        action: 'app.create',
        entity: 'app',
        entityId: id,
        summary: `Adicionou o aplicativo ${fields.name} (${fields.address}) aos setores: ${fields.setores.join(', ') || 'nenhum'}`,
      });
      return { result: await appItem(tx, user, id) };
    }),
  );
}

export async function updateApp(db: Db, storage: Storage, user: SessionUser, id: number, form: ReceivedForm) {
  let fields: z.output<typeof updateAppFields>;
  let current: Awaited<ReturnType<typeof q.findApp>>;
  try {
    authorize(canManageApps(user));
    fields = parseFields(updateAppFields, form.fields);
    current = await q.findApp(db, id);
    if (!current) throw notFound(MSG.appNotFound);
  } catch (err) {
    await form.discard();
    throw err;
  }
  const previous = current.image;
  const file = form.files[0];
  const image = file ? fileUrlPath(file.key) : fields.removeImage ? null : previous;
  return commitWithFiles(form, storage, () =>
    db.transaction().execute(async (tx) => {
      await q.updateApp(tx, id, { name: fields.name, address: fields.address, image, updated_at: nowIso() });
      await audit(tx, {
        userId: user.userId,
        action: 'app.update',
        entity: 'app',
        entityId: id,
        summary: `Editou o aplicativo ${id}: ${fields.name} (${fields.address})`,
      });
      return { result: await appItem(tx, user, id), obsolete: image !== previous ? [previous] : [] };
    }),
  );
}

export async function setAppSectors(db: Db, user: SessionUser, id: number, setores: SectorName[]) {
  authorize(canManageApps(user));
  const current = await q.findApp(db, id);
  if (!current) throw notFound(MSG.appNotFound);
  return db.transaction().execute(async (tx) => {
    await q.replaceAppSectors(tx, id, setores);
    await audit(tx, {
      userId: user.userId,
      action: 'app.sectors',
      entity: 'app',
      entityId: id,
      summary: `Setores do aplicativo ${current.name}: ${setores.join(', ') || 'nenhum'}`,
    });
    return appItem(tx, user, id);
  });
}

export async function deleteApp(db: Db, storage: Storage, user: SessionUser, id: number): Promise<void> {
  authorize(canManageApps(user));
  const current = await q.findApp(db, id);
  if (!current) throw notFound(MSG.appNotFound);
  await commitWithFiles(undefined, storage, () =>
    db.transaction().execute(async (tx) => {
      await q.deleteApp(tx, id);
      await audit(tx, {
        userId: user.userId,
        action: 'app.delete',
        entity: 'app',
        entityId: id,
        summary: `Excluiu o aplicativo ${current.name}`,
      });
      return { result: undefined, obsolete: [current.image] };
    }),
  );
}
