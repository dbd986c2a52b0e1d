import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS } from '@intranet/contracts';
import { type Db, nowIso } from '../db/database.ts';
import { fileUrlPath } from '../platform/files.routes.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Storage } from '../storage/storage.ts';
import { seedDemoCalendar } from './demo-calendar.ts';
import { seedDemoCalls } from './demo-calls.ts';
import {
  DEMO_APPS,
  DEMO_BANNERS,
  DEMO_CALLS,
  DEMO_FOLDERS,
  DEMO_NOTICES,
  DEMO_PASSWORD,
  DEMO_USERS,
} from './demo-data.ts';
import { seedDemoFines } from './demo-fines.ts';
import { seedDemoFolders, storeDemoFolderFiles } from './demo-folders.ts';
import { seedDemoHr } from './demo-hr.ts';
import { seedDemoPurchases } from './demo-purchases.ts';

const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');

let demoHash: Promise<string> | undefined;

/** True when the database has no users at all (the only case in which the demo is seeded). */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !row;
}

export async function seedDemo(db: Db, storage: Storage): Promise<void> {
  // One hash for every demo user keeps start-up and tests quick; these accounts are for trying the product.
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const senha = await demoHash;
  const now = nowIso();
  const files: { key: string; commit: () => Promise<void> }[] = [];
  const storeAsset = async (prefix: string, name: string) => {
    const temp = await storage.writeTemp(createReadStream(path.join(ASSETS, name)));
    const key = `${prefix}/demo-${name}`;
    files.push({ key, commit: () => temp.commit(key) });
    return fileUrlPath(key);
  };

  const noticeImages = await Promise.all(
    DEMO_NOTICES.map((n) => (n.image ? storeAsset('notices', n.image) : null)),
  );
  const bannerImages = await Promise.all(DEMO_BANNERS.map((b) => storeAsset('banners', b.image)));
  const folderFiles = await storeDemoFolderFiles(storage, DEMO_FOLDERS);
  files.push(...folderFiles.map((f) => ({ key: `folders/${f.fileName}`, commit: f.commit })));

  await db.transaction().execute(async (tx) => {
    const sectors = await tx.selectFrom('sectors').select(['id', 'name']).execute();
    const branches = await tx.selectFrom('branches').select(['id', 'name']).execute();
    const sectorId = (name: string) => sectors.find((s) => s.name === name)!.id;
    const branchId = (name: string) => branches.find((b) => b.name === name)!.id;

    const inserted = await tx
      .insertInto('users')
      .values(
        DEMO_USERS.map((u) => ({
          nome: u.nome,
          senha,
          matricula: u.matricula,
          cpf: u.cpf,
          email: u.email,
          tell: u.tell,
          filial: u.filial,
          privilegio: u.privilegio,
          suport: u.suport,
          admin: u.admin,
          foto: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'matricula'])
      .execute();
    const idOf = (matricula: string) => inserted.find((r) => r.matricula === matricula)!.id;

    await tx
      .insertInto('user_sectors')
      .values(
        DEMO_USERS.flatMap((u) =>
          u.sectors.map((s, i) => ({
            user_id: idOf(u.matricula),
            sector_id: sectorId(s),
            is_main: i === 0 ? 1 : 0,
          })),
        ),
      )
      .execute();
    await tx
      .insertInto('user_branches')
      .values(
        DEMO_USERS.flatMap((u) =>
          u.branches.map((b) => ({ user_id: idOf(u.matricula), branch_id: branchId(b) })),
        ),
      )
      .execute();
    await tx
      .insertInto('policy_acceptances')
      .values(
        DEMO_USERS.filter((u) => u.policyAccepted).map((u) => ({
          user_id: idOf(u.matricula),
          policy_version: LIMITS.policyVersion,
          accepted_at: now,
        })),
      )
      .execute();
    await tx
      .insertInto('approvers')
      .values(
        DEMO_USERS.flatMap((u) =>
          u.approverRole ? [{ role: u.approverRole, user_id: idOf(u.matricula) }] : [],
        ),
      )
      .execute();

    const author = idOf('1005');
    await tx
      .insertInto('notices')
      .values(
        DEMO_NOTICES.map((n, i) => ({
          text: n.text,
          img: noticeImages[i] ?? null,
          position: n.position,
          setor: n.setor,
          user_id: author,
          created_at: new Date(Date.now() - i * 3600_000).toISOString(),
        })),
      )
      .execute();
    await tx
      .insertInto('banners')
      .values(
        DEMO_BANNERS.map((b, i) => ({
          path: bannerImages[i]!,
          alt: b.alt,
          user_id: author,
          created_at: new Date(Date.now() - i * 3600_000).toISOString(),
        })),
      )
      .execute();
    await tx
      .insertInto('audit_log')
      .values({
        user_id: null,
        action: 'seed.demo',
        entity: 'system',
        entity_id: null,
        summary: 'Dados de demonstração criados',
        created_at: now,
      })
      .execute();
    await seedDemoCalls(tx, DEMO_CALLS, idOf);
    await seedDemoFines(tx, now);

    const apps = await tx
      .insertInto('apps')
      .values(
        DEMO_APPS.map((a) => ({
          name: a.name,
          address: a.address,
          image: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    await tx
      .insertInto('app_sectors')
      .values(
        DEMO_APPS.flatMap((a) =>
          a.sectors.map((s) => ({ app_id: apps.find((r) => r.name === a.name)!.id, sector_id: sectorId(s) })),
        ),
      )
      .execute();
    await seedDemoFolders(tx, DEMO_FOLDERS, folderFiles, idOf);
    await seedDemoCalendar(tx, idOf);
    await seedDemoPurchases(tx, idOf);
    await seedDemoHr(tx, idOf);
  });
  for (const f of files) await f.commit();
}
