import { folderNameKey } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { insertFiles } from './folders.queries.ts';

/**
 * A folder's listing read in pages (issue 14): subfolders first, then files, by name, each item
 * exactly once whatever the page size, the same items as the whole listing; a forged cursor is 400.
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
