import { type Actor, folderReachable, searchKey } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { insertTestFiles, insertTestFolder } from './folders.fixtures.ts';

/**
 * The folder search (folders.search.ts) against a plain oracle: every folder and file read back,
 * kept by contracts' folderReachable and searchKey, newest first. The share holds 1,200 files and a
 * common text; the newest 100 matching files, and the oldest 400, are in folders the Colaborador
 * does not reach, so his pages read past matches they must not show. Then the tree kept in memory
 * must see changes written straight to the database (the triggers' version).
 */

let t: TestApp;
let root: number;
let restricted: number;
const TEXT = 'relatorio';

const folder = (name: string, parent: number, privilegio: number, owner: number) =>
  insertTestFolder(t.db, { name, parent, privilegio, owner });
const files = (folderId: number, names: string[]) => insertTestFiles(t.db, folderId, names);

const numbered = (count: number, name: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => name(i));

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.userId(DEMO.admin);
  root = await folder('Busca em duas fases', 1, 3, admin);
  const open = await folder('Aberta', root, 3, admin);
  restricted = await folder('Restrita', root, 1, admin);
  const inner = await folder('Relatórios internos', restricted, 3, admin);
  const shared = await folder('Compartilhada relatório', root, 1, admin);
  await t.db
    .insertInto('folder_shares')
    .values({
      folder_id: shared,
      user_id: await t.userId(DEMO.juridico),
      created_by: admin,
      created_at: new Date().toISOString(),
    })
    .execute();
  for (let i = 0; i < 30; i++) await folder(`Relatório pasta ${String(i).padStart(2, '0')}`, open, 3, admin);
  await files(
    restricted,
    numbered(400, (i) => `a relatório ${String(i).padStart(4, '0')}.pdf`),
  );
  await files(
    open,
    numbered(400, (i) => `b planilha ${String(i).padStart(4, '0')}.xlsx`),
  );
  await files(
    open,
    numbered(200, (i) => `c Relatório ${String(i).padStart(4, '0')}.pdf`),
  );
  await files(
    shared,
    numbered(100, (i) => `c relatorio ${String(i).padStart(4, '0')}.pdf`),
  );
  await files(
    inner,
    numbered(100, (i) => `d relatório ${String(i).padStart(4, '0')}.pdf`),
  );
});

afterAll(async () => {
  await t?.close();
});

async function actorOf(matricula: string): Promise<Actor> {
  const u = await t.db
    .selectFrom('users')
    .select(['id', 'privilegio', 'suport', 'admin'])
    .where('matricula', '=', matricula)
    .executeTakeFirstOrThrow();
  return { userId: u.id, privilegio: u.privilegio, suport: u.suport, admin: u.admin, setor: [] };
}

/** What the search must answer, from every row and the rule itself. */
async function expected(matricula: string): Promise<string[]> {
  const u = await actorOf(matricula);
  const folders = await t.db
    .selectFrom('folders')
    .select(['id', 'parent_id', 'name', 'user_id', 'privilegio', 'is_private'])
    .execute();
  const shares = await t.db.selectFrom('folder_shares').select(['folder_id', 'user_id']).execute();
  const byId = new Map(folders.map((f) => [f.id, f]));
  const facts = (id: number) => {
    const f = byId.get(id)!;
    return {
      id,
      ownerId: f.user_id,
      privilegio: f.privilegio,
      isPrivate: f.is_private,
      sharedWithActor: shares.some((s) => s.folder_id === id && s.user_id === u.userId),
    };
  };
  /** The chain from the searched folder down to `id`, or undefined when `id` is not below it. */
  const chainBelowRoot = (id: number) => {
    const chain: number[] = [];
    for (let at: number | null = id; at !== null; at = byId.get(at)?.parent_id ?? null) {
      chain.unshift(at);
      if (at === root) return chain;
    }
    return undefined;
  };
  const reached = (id: number) => {
    const chain = chainBelowRoot(id);
    return !!chain && folderReachable(u, chain.map(facts));
  };
  const matches = (name: string) => searchKey(name).includes(TEXT);
  const order = (a: { id: number }, b: { id: number }) => b.id - a.id;
  const allFiles = await t.db.selectFrom('folder_files').select(['id', 'name', 'folder_id']).execute();
  return [
    ...folders
      .filter((f) => f.id !== root && matches(f.name) && reached(f.id))
      .sort(order)
      .map((f) => `d:${f.id}`),
    ...allFiles
      .filter((f) => matches(f.name) && reached(f.folder_id))
      .sort(order)
      .map((f) => `f:${f.id}`),
  ];
}

interface Found {
  folders: { id: number }[];
  files: { id: number }[];
  nextCursor?: string;
  truncated: boolean;
}

const keys = (page: Found) => [
  ...page.folders.map((f) => `d:${f.id}`),
  ...page.files.map((f) => `f:${f.id}`),
];

async function search(matricula: string, query: string): Promise<Found> {
  const res = await t.as(matricula)({
    method: 'GET',
    url: `/api/get-items?selectID=${root}&textSearch=${TEXT}&${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Found>();
}

async function allPages(matricula: string, pageSize: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await search(matricula, `pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...keys(page));
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('the pages never ended');
}

describe('the folder search, newest first', () => {
  it.each([
    ['the Administrador', DEMO.admin],
    ['the Colaborador', DEMO.juridico],
  ])('pages of 7 and of 200 give exactly the reachable matches in order, as %s', async (_, who) => {
    const want = await expected(who);
    // Both shares hold enough: a change that lost or hid rows would not pass unnoticed.
    expect(want.length).toBeGreaterThan(who === DEMO.admin ? 800 : 300);
    expect(await allPages(who, 7)).toEqual(want);
    expect(await allPages(who, 200)).toEqual(want);
  });

  it('answers the first 500 of each kind unpaged, saying it cut', async () => {
    const want = await expected(DEMO.admin);
    const found = await search(DEMO.admin, '');
    expect(found.truncated).toBe(true);
    const wantFiles = want.filter((k) => k.startsWith('f:')).slice(0, 500);
    expect(keys(found)).toEqual([...want.filter((k) => k.startsWith('d:')), ...wantFiles]);
  });

  it('sees a change written straight to the database on the next search', async () => {
    const before = await allPages(DEMO.juridico, 200);
    await t.db.updateTable('folders').set({ privilegio: 3 }).where('id', '=', restricted).execute();
    try {
      const opened = await allPages(DEMO.juridico, 200);
      expect(opened).toEqual(await expected(DEMO.juridico));
      expect(opened.length).toBe(before.length + 400 + 1 + 100);
    } finally {
      await t.db.updateTable('folders').set({ privilegio: 1 }).where('id', '=', restricted).execute();
    }
    expect(await allPages(DEMO.juridico, 200)).toEqual(before);
    const share = await t.db
      .deleteFrom('folder_shares')
      .where('user_id', '=', await t.userId(DEMO.juridico))
      .returningAll()
      .execute();
    try {
      const unshared = await allPages(DEMO.juridico, 200);
      expect(unshared).toEqual(await expected(DEMO.juridico));
      expect(unshared.length).toBeLessThan(before.length);
    } finally {
      await t.db.insertInto('folder_shares').values(share).execute();
    }
    expect(await allPages(DEMO.juridico, 200)).toEqual(before);
  });
});
