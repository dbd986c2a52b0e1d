import { folderNameKey } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { insertTestFiles, insertTestFolder } from './folders.fixtures.ts';
import { insertFiles } from './folders.queries.ts';

/**
 * A folder's listing and a search read in pages (issue 14): subfolders first, then files, by name,
 * each item exactly once whatever the page size, the same items as the unpaged answer; the search
 * pages keep the visibility rule (a file in a folder the user may not see never appears); a forged
 * cursor is 400.
 */

let t: TestApp;
let folderId: number;
let whole: string[];

interface Page {
  folders: { name: string }[];
  files: { name: string }[];
  nextCursor?: string;
}

const get = async (query: string) => {
  const res = await t.as(DEMO.admin)({ method: 'GET', url: `/api/get-items?selectID=${folderId}&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.userId(DEMO.admin);
  const now = new Date().toISOString();
  const [parent] = await t.db
    .insertInto('folders')
    .values({
      name: 'Paginada',
      name_key: 'paginada',
      parent_id: 1,
      user_id: admin,
      privilegio: 1,
      is_private: 0,
      created_at: now,
    })
    .returning('id')
    .execute();
  folderId = parent!.id;
  const folderNames = ['Beta', 'alfa', 'Ômega', 'gama', 'Delta', 'épsilon', 'zeta'];
  await t.db
    .insertInto('folders')
    .values(
      folderNames.map((name) => ({
        name,
        name_key: folderNameKey(name),
        parent_id: folderId,
        user_id: admin,
        privilegio: 1,
        is_private: 0,
        created_at: now,
      })),
    )
    .execute();
  await insertFiles(
    t.db,
    ['b.pdf', 'a.txt', 'Z.png', 'c.docx', 'ç.txt', 'd.xlsx', 'e.txt', 'f.txt'].map((name, i) => ({
      name,
      name_key: folderNameKey(name),
      file_name: `paging-${i}.bin`,
      folder_id: folderId,
      user_id: admin,
      size: 1,
      mime: 'application/octet-stream',
      tipo: 'bin',
      created_at: now,
    })),
  );
  const all = await get('');
  whole = [...all.folders.map((f) => `d:${f.name}`), ...all.files.map((f) => `f:${f.name}`)];
  expect(whole).toHaveLength(15);
  expect(all.nextCursor).toBeUndefined();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/get-items in pages', () => {
  it.each([1, 3, 7, 8, 14, 15, 200])(
    'pages of %i give every item once, in the listing order',
    async (size) => {
      const seen: string[] = [];
      let cursor = '';
      for (let i = 0; i < 40; i++) {
        const page = await get(`pageSize=${size}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.folders.length + page.files.length).toBeLessThanOrEqual(size);
        seen.push(...page.folders.map((f) => `d:${f.name}`), ...page.files.map((f) => `f:${f.name}`));
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(whole);
    },
  );

  it('refuses a forged cursor with 400', async () => {
    const res = await t.as(DEMO.admin)({
      method: 'GET',
      url: `/api/get-items?selectID=${folderId}&pageSize=2&cursor=bm9wZQ`,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/get-items?textSearch in pages', () => {
  let searchRoot: number;
  let hidden: Set<string>;
  const now = new Date().toISOString();

  const folder = async (name: string, parent: number, privilegio: number) =>
    insertTestFolder(t.db, { name, parent, privilegio, owner: await t.userId(DEMO.admin) });
  const files = (folderId: number, names: string[]) => insertTestFiles(t.db, folderId, names);

  beforeAll(async () => {
    searchRoot = await folder('Busca paginada', 1, 3);
    const openA = await folder('Relatório aberto A', searchRoot, 3);
    const openB = await folder('Relatório aberto B', searchRoot, 3);
    // Privilege 1: hidden from the Colaborador (1008, privilege 3), and so is everything below it.
    const restricted = await folder('Relatórios restritos', searchRoot, 1);
    const inner = await folder('Relatório interno', restricted, 3);
    // Privilege 1 too, but shared with the Colaborador: visible to him.
    const shared = await folder('Compartilhada', searchRoot, 1);
    await t.db
      .insertInto('folder_shares')
      .values({
        folder_id: shared,
        user_id: await t.userId(DEMO.juridico),
        created_by: await t.userId(DEMO.admin),
        created_at: now,
      })
      .execute();
    await files(searchRoot, [
      ...Array.from({ length: 12 }, (_, i) => `Relatório ${String(i).padStart(2, '0')}.pdf`),
      'ata de reunião.pdf',
    ]);
    // The same name in several folders: the pages order them by name, then id.
    await files(openA, ['relatório mensal.xlsx', 'RELATORIO anual.xlsx', 'planilha.xlsx']);
    await files(openB, ['relatório mensal.xlsx']);
    await files(shared, ['relatório compartilhado.pdf']);
    const hiddenFiles = [
      ...(await files(restricted, ['relatório mensal.xlsx', 'relatório restrito.pdf'])),
      ...(await files(inner, ['relatório interno.pdf'])),
    ];
    hidden = new Set([`d:${restricted}`, `d:${inner}`, ...hiddenFiles.map((f) => `f:${f.id}`)]);
  });

  interface Found {
    folders: { id: number }[];
    files: { id: number }[];
    nextCursor?: string;
    truncated: boolean;
  }
  const search = async (as: string, query: string) => {
    const res = await t.as(as)({
      method: 'GET',
      url: `/api/get-items?selectID=${searchRoot}&textSearch=relatorio&${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Found>();
  };
  const keys = (page: Found) => [
    ...page.folders.map((f) => `d:${f.id}`),
    ...page.files.map((f) => `f:${f.id}`),
  ];

  it.each([
    ['Administrador', 1, DEMO.admin],
    ['Administrador', 4, DEMO.admin],
    ['Administrador', 200, DEMO.admin],
    ['Colaborador', 1, DEMO.juridico],
    ['Colaborador', 3, DEMO.juridico],
    ['Colaborador', 5, DEMO.juridico],
    ['Colaborador', 200, DEMO.juridico],
  ])(
    'as the %s, pages of %i give every match once, in the order of the whole answer',
    async (_who, size, as) => {
      const whole = await search(as, '');
      expect(whole.truncated).toBe(false);
      const expected = keys(whole);
      const seen: string[] = [];
      let cursor = '';
      for (let i = 0; i < 60; i++) {
        const page = await search(as, `pageSize=${size}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.folders.length + page.files.length).toBeLessThanOrEqual(size);
        expect(page.truncated).toBe(false);
        seen.push(...keys(page));
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(seen.length);
    },
  );

  it('never shows the Colaborador a match in a folder he may not see; the Administrador sees all', async () => {
    const admin = new Set(keys(await search(DEMO.admin, '')));
    // 4 folders; 12 + 2 + 1 + 1 visible files and 3 hidden ones.
    expect(admin.size).toBe(4 + 16 + 3);
    for (const key of hidden) expect(admin.has(key)).toBe(true);
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 30; i++) {
      const page = await search(DEMO.juridico, `pageSize=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...keys(page));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(2 + 16);
    for (const key of seen) expect(hidden.has(key)).toBe(false);
  });

  it('refuses a listing cursor in a search, a search cursor in a listing, and a forged one, with 400', async () => {
    const listing = await get('pageSize=2');
    const found = await search(DEMO.admin, 'pageSize=2');
    const asSearch = await t.as(DEMO.admin)({
      method: 'GET',
      url: `/api/get-items?selectID=${searchRoot}&textSearch=relatorio&pageSize=2&cursor=${listing.nextCursor}`,
    });
    expect(asSearch.statusCode).toBe(400);
    const asListing = await t.as(DEMO.admin)({
      method: 'GET',
      url: `/api/get-items?selectID=${searchRoot}&pageSize=2&cursor=${found.nextCursor}`,
    });
    expect(asListing.statusCode).toBe(400);
    const forgedId = (id: number) =>
      t.as(DEMO.admin)({
        method: 'GET',
        url: `/api/get-items?selectID=${searchRoot}&textSearch=relatorio&pageSize=2&cursor=${Buffer.from(
          JSON.stringify(['sf', id]),
        ).toString('base64url')}`,
      });
    expect((await forgedId(-1)).statusCode).toBe(400);
    // Past the database's integers: PostgreSQL refuses the value (a 400, it answered 500), SQLite
    // reads it as "below every id".
    const past = await forgedId(2 ** 40);
    expect(past.statusCode, past.body).toBe(TEST_DIALECT === 'postgres' ? 400 : 200);
  });
});
