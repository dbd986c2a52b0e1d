import { searchKey } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The search forms kept in the rows (createSearchKeys, migration 0026) are what a "contains" walk
 * tests: a stale one would hide a renamed row from the walk while the search index still finds it.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** Every row's stored keys against contracts' searchKey of the columns themselves. */
async function staleKeys() {
  const calls = await t.db
    .selectFrom('calls')
    .select([
      'id',
      'nome_usuario',
      'search_nome_usuario',
      'nome_suporte',
      'search_nome_suporte',
      'matricula_usuario',
      'search_matricula_usuario',
      'setores_usuario',
      'search_setores_usuario',
      'dep',
      'search_dep',
      'filial',
      'search_filial',
    ])
    .execute();
  const users = await t.db.selectFrom('users').select(['id', 'nome', 'search_nome']).execute();
  const purchases = await t.db
    .selectFrom('purchase_requests')
    .select(['id', 'descript', 'search_descript', 'nome_usuario', 'search_nome_usuario'])
    .execute();
  const key = (v: string | null) => (v === null ? null : searchKey(v));
  const stale: string[] = [];
  const check = (table: string, row: Record<string, unknown>, columns: string[]) => {
    for (const c of columns) {
      if (row[`search_${c}`] !== key(row[c] as string | null)) stale.push(`${table} ${row.id} ${c}`);
    }
  };
  for (const r of calls) {
    check('calls', r, [
      'nome_usuario',
      'nome_suporte',
      'matricula_usuario',
      'setores_usuario',
      'dep',
      'filial',
    ]);
  }
  for (const r of users) check('users', r, ['nome']);
  for (const r of purchases) check('purchase_requests', r, ['descript', 'nome_usuario']);
  return { stale, counted: calls.length + users.length + purchases.length };
}

describe('stored search keys', () => {
  it('are filled for the rows there were and for every row inserted since (the demo data)', async () => {
    const { stale, counted } = await staleKeys();
    expect(counted).toBeGreaterThan(20);
    expect(stale).toEqual([]);
  });

  it('follow every update of their columns, accents and case folded', async () => {
    const call = await t.db.selectFrom('calls').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.db
      .updateTable('calls')
      .set({ nome_usuario: 'Conceição ÁVILA', nome_suporte: null, filial: 'Mauá' })
      .where('id', '=', call.id)
      .execute();
    await t.db.updateTable('users').set({ nome: 'Zuleica Ângela' }).where('matricula', '=', '1008').execute();
    const purchase = await t.db.selectFrom('purchase_requests').select('id').orderBy('id').executeTakeFirst();
    if (purchase) {
      await t.db
        .updateTable('purchase_requests')
        .set({ descript: 'Cadeira ERGONÔMICA' })
        .where('id', '=', purchase.id)
        .execute();
    }
    const row = await t.db
      .selectFrom('calls')
      .select(['search_nome_usuario', 'search_nome_suporte', 'search_filial'])
      .where('id', '=', call.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      search_nome_usuario: 'conceicao avila',
      search_nome_suporte: null,
      search_filial: 'maua',
    });
    const user = await t.db
      .selectFrom('users')
      .select('search_nome')
      .where('matricula', '=', '1008')
      .executeTakeFirstOrThrow();
    expect(user.search_nome).toBe('zuleica angela');
    expect((await staleKeys()).stale).toEqual([]);
  });
});
