import { FOLDER_MSG } from '@intranet/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/images.ts';

/**
 * Issue 31: what a folder change checks (that the caller reaches the folder through every folder
 * above it, what he may do there, what a delete takes with it) is read under the locks of that way
 * from the root, the folder itself locked for a change of it; a change of a folder's access or its
 * deletion waits for them, and they for it. Two requests sent at once never leave a state, or a
 * history, that no order of the two could give, and never answer 500. On PostgreSQL these are
 * real concurrent transactions (READ COMMITTED); on SQLite they run one after the other.
 */
const ROUNDS = 20;

type Reply = LightMyRequestResponse;

describe(`folders: changes sent at once (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const OWNER = DEMO.diretor; // 1006, Gestor: owns the folders, may delete them
  const OTHER = DEMO.juridico; // 1008, Colaborador: sees the folders opened to everyone
  let otherId: number;
  let sharedId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    otherId = await t.userId(OTHER);
    sharedId = await t.userId(DEMO.analistaRh);
  });
  afterAll(() => t.close());

  const call = (who: string, opts: InjectOptions) => t.as(who)(opts);
  const post = (who: string, url: string, payload: Record<string, unknown>) =>
    call(who, { method: 'POST', url, payload });
  const drop = (who: string, id: number, tipo: string) =>
    call(who, { method: 'DELETE', url: '/api/dropItem', payload: { id, tipo } });
  const upload = (who: string, folderId: number, name: string) =>
    call(who, {
      method: 'POST',
      url: '/api/files',
      payload: multipart(
        { selectedFolderId: folderId },
        { bytes: Buffer.from(`conteúdo de ${name}`), name, type: 'text/plain' },
      ),
    });
  let made = 0;
  /** A folder of OWNER at the root, opened to everyone (OTHER sees it). */
  const openFolder = async () => {
    const res = await post(OWNER, '/api/create-folder', {
      folderName: `Corrida ${++made}`,
      parentFolderId: 1,
      isPrivate: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ lastInsertedId: number }>().lastInsertedId;
    const perm = await post(OWNER, '/api/setPermitionFolder', {
      itemId: id,
      privilegio: 3,
      typeItem: 'folder',
    });
    expect(perm.statusCode, perm.body).toBe(200);
    return id;
  };
  /** The audit actions about a folder (or a file), in the order they were written. */
  const history = async (entity: string, id: number) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', entity)
        .where('entity_id', '=', String(id))
        .orderBy('id')
        .execute()
    ).map((r) => r.action);
  /** A refusal: 4xx with one of these messages, never a 500. */
  const refused = (res: Reply, messages: string[]) => {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(messages).toContain(res.json<{ error: string }>().error);
  };
  /** A round whose replies hold a 500: counted, and its state not checked further. */
  const serverError = (...replies: Reply[]) => replies.some((r) => r.statusCode >= 500);
  const folderRows = (id: number) => t.db.selectFrom('folders').select('id').where('id', '=', id).execute();

  const folderChanges: [string, (id: number) => Promise<Reply>, string][] = [
    [
      'a rename',
      (id) => post(OWNER, '/api/renameFolder', { itemId: id, itemName: `Renomeada ${id}` }),
      'folder.rename',
    ],
    [
      'a permission change',
      (id) => post(OWNER, '/api/setPermitionFolder', { itemId: id, privilegio: 2, typeItem: 'folder' }),
      'folder.permission',
    ],
    ['a share', (id) => post(OWNER, '/api/shareFolder', { folderId: id, userId: sharedId }), 'folder.share'],
    [
      'a subfolder',
      (id) => post(OTHER, '/api/create-folder', { folderName: 'Sub', parentFolderId: id, isPrivate: 0 }),
      '',
    ],
    ['an upload', (id) => upload(OTHER, id, 'nota.txt'), 'file.upload'],
  ];

  it.each(folderChanges)(
    '%s and the folder deleted at once: the change comes before the delete or not at all',
    async (_, change, action) => {
      // Rounds that answered 500, or whose history has the change after the delete.
      let afterDelete = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const id = await openFolder();
        const [changed, deleted] = await Promise.all([change(id), drop(OWNER, id, 'folder')]);
        if (serverError(changed, deleted)) {
          afterDelete++;
          continue;
        }
        if (changed.statusCode !== 200) refused(changed, [FOLDER_MSG.folderNotFound]);
        // A subfolder OWNER cannot see stops the delete; anything else goes with it.
        if (deleted.statusCode !== 200) refused(deleted, [FOLDER_MSG.deleteHiddenItems]);
        const actions = await history('folder', id);
        const deletedAt = actions.indexOf('folder.delete');
        if (action && deletedAt >= 0 && actions.lastIndexOf(action) > deletedAt) afterDelete++;
        // Gone whole or there whole: no row left below a deleted folder.
        if (deleted.statusCode === 200) {
          expect(await folderRows(id)).toHaveLength(0);
          const below = await t.db.selectFrom('folders').select('id').where('parent_id', '=', id).execute();
          const files = await t.db
            .selectFrom('folder_files')
            .select('id')
            .where('folder_id', '=', id)
            .execute();
          const shares = await t.db
            .selectFrom('folder_shares')
            .select('user_id')
            .where('folder_id', '=', id)
            .execute();
          expect([below.length, files.length, shares.length]).toEqual([0, 0, 0]);
        } else {
          expect(changed.statusCode).toBe(200);
          expect(await folderRows(id)).toHaveLength(1);
        }
      }
      expect(afterDelete).toBe(0);
    },
  );

  it('an upload while the folder is closed to its uploader: no file lands after it was closed', async () => {
    let afterClosing = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const id = await openFolder();
      const [uploaded, closed] = await Promise.all([
        upload(OTHER, id, 'relatorio.txt'),
        post(OWNER, '/api/setPermitionFolder', { itemId: id, privilegio: 1, typeItem: 'folder' }),
      ]);
      if (serverError(uploaded, closed)) {
        afterClosing++;
        continue;
      }
      expect(closed.statusCode, closed.body).toBe(200);
      if (uploaded.statusCode !== 200) refused(uploaded, [FOLDER_MSG.folderNotFound]);
      const actions = (await history('folder', id)).filter((a) => a !== 'folder.create');
      // The first permission change opened it; the second closed it.
      const closedAt = actions.lastIndexOf('folder.permission');
      if (actions.lastIndexOf('file.upload') > closedAt) afterClosing++;
      const files = await t.db.selectFrom('folder_files').select('id').where('folder_id', '=', id).execute();
      expect(files).toHaveLength(uploaded.statusCode === 200 ? 1 : 0);
    }
    expect(afterClosing).toBe(0);
  });

  it('a private subfolder created while its parent is deleted: nobody deletes what he cannot see', async () => {
    let hiddenDeleted = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const id = await openFolder();
      const [created, deleted] = await Promise.all([
        post(OTHER, '/api/create-folder', { folderName: 'Particular', parentFolderId: id, isPrivate: 1 }),
        drop(OWNER, id, 'folder'),
      ]);
      if (serverError(created, deleted)) {
        hiddenDeleted++;
        continue;
      }
      if (created.statusCode !== 200) refused(created, [FOLDER_MSG.folderNotFound]);
      if (deleted.statusCode !== 200) refused(deleted, [FOLDER_MSG.deleteHiddenItems]);
      if (created.statusCode === 200 && deleted.statusCode === 200) hiddenDeleted++;
    }
    expect(hiddenDeleted).toBe(0);
  });

  it('a rename and a delete of one file at once: the rename comes before the delete or not at all', async () => {
    let afterDelete = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const folder = await openFolder();
      const sent = await upload(OWNER, folder, 'planilha.txt');
      expect(sent.statusCode, sent.body).toBe(200);
      const fileId = sent.json<{ files: { id: number }[] }>().files[0]!.id;
      const [renamed, deleted] = await Promise.all([
        post(OWNER, '/api/renameFile', { itemId: fileId, itemName: 'renomeada.txt' }),
        drop(OWNER, fileId, 'txt'),
      ]);
      if (serverError(renamed, deleted)) {
        afterDelete++;
        continue;
      }
      expect(deleted.statusCode, deleted.body).toBe(200);
      if (renamed.statusCode !== 200) refused(renamed, [FOLDER_MSG.fileNotFound]);
      const actions = await history('folder_file', fileId);
      if (actions.lastIndexOf('file.rename') > actions.indexOf('file.delete')) afterDelete++;
    }
    expect(afterDelete).toBe(0);
  });

  it('one share sent twice at once: one share, one audit row, both answered', async () => {
    let twice = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const id = await openFolder();
      const replies = await Promise.all(
        [0, 1].map(() => post(OWNER, '/api/shareFolder', { folderId: id, userId: otherId })),
      );
      const audited = (await history('folder', id)).filter((a) => a === 'folder.share');
      if (serverError(...replies) || audited.length !== 1) {
        twice++;
        continue;
      }
      for (const r of replies) expect(r.statusCode, r.body).toBe(200);
      const shares = await t.db
        .selectFrom('folder_shares')
        .select('user_id')
        .where('folder_id', '=', id)
        .execute();
      expect(shares).toHaveLength(1);
    }
    expect(twice).toBe(0);
  });
});
