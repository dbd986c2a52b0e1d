import {
  FOLDER_MSG,
  type FolderFacts,
  folderNameKey,
  folderReachable,
  isAdmin,
  isSystemFolder,
  privilegeThreshold,
  ROOT_FOLDER_ID,
} from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  type Caller,
  describeUser,
  insertFolderTree,
  insertUsers,
  type PopulationUser,
  problemsOfEach,
  scopeDifference,
  signInAll,
} from '../../../test/population.ts';
import { seededRandom } from '../../../test/seeded-random.ts';

interface FolderRow {
  id: number;
  parent_id: number | null;
  user_id: number | null;
  privilegio: number;
  is_private: number;
  name_key: string;
}

interface ItemsAnswer {
  status: number;
  folders: number[];
  files: number[];
  error?: string;
}

describe(`folder lists against folders.policy on a generated population (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let viewers: PopulationUser[];
  let callers: Map<number, Caller>;
  let folders: Map<number, FolderRow>;
  let files: { id: number; folder_id: number; name_key: string }[];
  let shares: Set<string>;
  const r = seededRandom(2026_08_06);

  beforeAll(async () => {
    t = await buildTestApp();
    const users = await insertUsers(t.db, r);
    await insertFolderTree(t.db, r, users);
    callers = await signInAll(t.app, t.db, users);
    viewers = users.filter((u) => u.active === 1);
    // Every folder, file and share in the database, the demo's included.
    const rows = await t.db
      .selectFrom('folders')
      .select(['id', 'parent_id', 'user_id', 'privilegio', 'is_private', 'name_key'])
      .execute();
    folders = new Map(rows.map((f) => [f.id, f]));
    files = await t.db.selectFrom('folder_files').select(['id', 'folder_id', 'name_key']).execute();
    const shareRows = await t.db.selectFrom('folder_shares').select(['folder_id', 'user_id']).execute();
    shares = new Set(shareRows.map((s) => `${s.folder_id}:${s.user_id}`));
  }, 120_000);
  afterAll(() => t.close());

  /** The folder and its ancestors, root first, as the policy sees them for one user. */
  const chain = (u: PopulationUser, id: number): FolderFacts[] => {
    const out: FolderFacts[] = [];
    for (let f = folders.get(id); f; f = f.parent_id === null ? undefined : folders.get(f.parent_id)) {
      out.unshift({
        id: f.id,
        ownerId: f.user_id,
        privilegio: f.privilegio,
        isPrivate: f.is_private,
        sharedWithActor: shares.has(`${f.id}:${u.id}`),
      });
    }
    return out;
  };
  const reachable = (u: PopulationUser, id: number) => folderReachable(u.actor, chain(u, id));
  const childrenOf = (id: number) => [...folders.values()].filter((f) => f.parent_id === id).map((f) => f.id);
  const below = (id: number): number[] => childrenOf(id).flatMap((c) => [c, ...below(c)]);
  const items = async (u: PopulationUser, query: string): Promise<ItemsAnswer> => {
    const res = await callers.get(u.id)!(`/api/get-items?${query}`);
    if (res.statusCode !== 200)
      return { status: res.statusCode, folders: [], files: [], error: res.json().error };
    const body = res.json<{ folders: { id: number }[]; files: { id: number }[] }>();
    return { status: 200, folders: body.folders.map((f) => f.id), files: body.files.map((f) => f.id) };
  };

  it('has, for each clause of the rule, a folder inside a reachable one that only that clause decides', () => {
    const decided = { owner: false, share: false, role2: false, role3: false, privateHides: false };
    for (const u of viewers.filter((v) => !isAdmin(v.actor))) {
      for (const f of folders.values()) {
        if (f.parent_id === null || isSystemFolder(f.id) || !reachable(u, f.parent_id)) continue;
        const owner = f.user_id === u.id;
        const share = shares.has(`${f.id}:${u.id}`);
        const role = f.privilegio >= privilegeThreshold(u.actor);
        if (owner && !share && (f.is_private || !role)) decided.owner = true;
        if (share && !owner && (f.is_private || !role)) decided.share = true;
        if (role && !owner && !share && !f.is_private) {
          if (u.actor.privilegio === 2 && f.privilegio === 2) decided.role2 = true;
          if (u.actor.privilegio === 3 && f.privilegio === 3) decided.role3 = true;
        }
        if (role && !owner && !share && f.is_private) decided.privateHides = true;
      }
    }
    expect(decided).toEqual({ owner: true, share: true, role2: true, role3: true, privateHides: true });
  });

  /** Per user, chosen once: two folders out of reach to open, and a reachable folder to search in. */
  const samples = () =>
    new Map(
      viewers.map((u) => {
        const keys = [...folders.keys()];
        const hidden = r.subset(
          keys.filter((id) => !reachable(u, id)),
          2,
        );
        return [u.id, { hidden, searchIn: r.pick(keys.filter((id) => reachable(u, id))) }];
      }),
    );
  let sample: ReturnType<typeof samples>;
  beforeAll(() => {
    sample = samples();
  });

  it('get-items lists, folder by folder from Home, exactly the reachable subfolders and their files', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      const out: string[] = [];
      const queue: number[] = [ROOT_FOLDER_ID];
      for (const folderId of queue) {
        const got = await items(u, `selectID=${folderId}`);
        if (got.status !== 200) {
          out.push(`${describeUser(u)}: pasta ${folderId} respondeu ${got.status}`);
          continue;
        }
        const expectedFolders = childrenOf(folderId).filter((id) => reachable(u, id));
        const expectedFiles = files.filter((f) => f.folder_id === folderId).map((f) => f.id);
        const who = `${describeUser(u)} na pasta ${folderId}`;
        out.push(...scopeDifference(`${who}, pastas`, got.folders, expectedFolders));
        out.push(...scopeDifference(`${who}, arquivos`, got.files, expectedFiles));
        queue.push(...expectedFolders);
      }
      // Folders out of reach are answered as unknown.
      for (const id of sample.get(u.id)!.hidden) {
        const got = await items(u, `selectID=${id}`);
        if (got.status !== 404 || got.error !== FOLDER_MSG.folderNotFound)
          out.push(`${describeUser(u)}: pasta fora de alcance ${id} respondeu ${got.status}`);
      }
      return out;
    });
    expect(problems).toEqual([]);
  }, 300_000);

  it('search finds exactly the reachable folders and files below where it starts', async () => {
    const term = 'pop';
    const matches = (nameKey: string) => nameKey.includes(folderNameKey(term));
    const problems = await problemsOfEach(viewers, async (u) => {
      const out: string[] = [];
      for (const start of [ROOT_FOLDER_ID, sample.get(u.id)!.searchIn]) {
        const got = await items(u, `selectID=${start}&textSearch=${term}`);
        if (got.status !== 200) {
          out.push(`${describeUser(u)}: busca em ${start} respondeu ${got.status}`);
          continue;
        }
        const tree = below(start).filter((id) => reachable(u, id));
        const expectedFolders = tree.filter((id) => matches(folders.get(id)!.name_key));
        const expectedFiles = files
          .filter((f) => (f.folder_id === start || tree.includes(f.folder_id)) && matches(f.name_key))
          .map((f) => f.id);
        const who = `${describeUser(u)} buscando em ${start}`;
        out.push(...scopeDifference(`${who}, pastas`, got.folders, expectedFolders));
        out.push(...scopeDifference(`${who}, arquivos`, got.files, expectedFiles));
      }
      return out;
    });
    expect(problems).toEqual([]);
  }, 300_000);
});
