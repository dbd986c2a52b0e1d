import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { containsText } from './text-search.ts';

/**
 * The shared "contains" search on the real database (SQLite and PostgreSQL): accents and case
 * ignored in both directions, texts of 1–2 characters (below the trigram index), LIKE's special
 * characters taken literally, and the index kept in step when rows are inserted, renamed and
 * deleted (triggers on SQLite, an expression index on PostgreSQL).
 */

const MARK = 'textSearch';
const NAMES = ['João da Silva', 'Maria da Conceição', 'COTAÇÕES 2024', 'Ana 100%_off', 'Zé "Aspas"', 'Bia'];

let t: TestApp;
let ids: Record<string, number>;

const callsMatching = async (text: string, column: 'nome_usuario' | 'nome_suporte' = 'nome_usuario') => {
  const rows = await t.db
    .selectFrom('calls')
    .select('nome_usuario')
    .where('problema', '=', MARK)
    .where(containsText(t.db, { table: 'calls', column }, text))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.nome_usuario);
};

beforeAll(async () => {
  t = await buildTestApp();
  const userId = await t.userId(DEMO.colaborador);
  const now = new Date().toISOString();
  const inserted = await t.db
    .insertInto('calls')
    .values(
      NAMES.map((nome) => ({
        problema: MARK,
        dep: 'QSSMA',
        descricao: '-',
        filial: 'Matriz',
        status: 0,
        user_id: userId,
        nome_usuario: nome,
        matricula_usuario: '1003',
        setores_usuario: null,
        nome_suporte: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning(['id', 'nome_usuario'])
    .execute();
  ids = Object.fromEntries(inserted.map((r) => [r.nome_usuario, r.id]));
});

afterAll(async () => {
  await t?.close();
});

describe('containsText', () => {
  it.each([
    ['joao', ['João da Silva']],
    ['JOÃO', ['João da Silva']],
    ['conceicao', ['Maria da Conceição']],
    ['CONCEIÇÃO', ['Maria da Conceição']],
    ['cotacoes', ['COTAÇÕES 2024']],
    ['ções', ['COTAÇÕES 2024']],
    ['da ', ['João da Silva', 'Maria da Conceição']],
    ['silvaX', []],
  ])('"%s" finds %j', async (text, expected) => {
    expect(await callsMatching(text)).toEqual(expected);
  });

  it.each([
    ['jo', ['João da Silva']],
    ['ZÉ', ['Zé "Aspas"']],
    ['a', ['João da Silva', 'Maria da Conceição', 'COTAÇÕES 2024', 'Ana 100%_off', 'Zé "Aspas"', 'Bia']],
    ['%', ['Ana 100%_off']],
  ])('a short text "%s" (below the trigram index) finds %j', async (text, expected) => {
    expect(await callsMatching(text)).toEqual(expected);
  });

  it('takes LIKE wildcards and quotes literally', async () => {
    expect(await callsMatching('0%_o')).toEqual(['Ana 100%_off']);
    expect(await callsMatching('1_0')).toEqual([]);
    expect(await callsMatching('"aspas"')).toEqual(['Zé "Aspas"']);
  });

  it('follows updates and deletes of the rows', async () => {
    const id = ids.Bia!;
    await t.db
      .updateTable('calls')
      .set({ nome_usuario: 'Beatriz Araújo', nome_suporte: 'Íris' })
      .where('id', '=', id)
      .execute();
    expect(await callsMatching('bia')).toEqual([]);
    expect(await callsMatching('araujo')).toEqual(['Beatriz Araújo']);
    expect(await callsMatching('iris', 'nome_suporte')).toEqual(['Beatriz Araújo']);
    await t.db.deleteFrom('calls').where('id', '=', id).execute();
    expect(await callsMatching('araujo')).toEqual([]);
  });

  it('searches the other indexed tables (users by name)', async () => {
    const found = await t.db
      .selectFrom('users as u')
      .select('u.nome')
      .where(containsText(t.db, { table: 'users', column: 'nome', as: 'u' }, 'usuario'))
      .execute();
    const all = await t.db.selectFrom('users').select('nome').execute();
    const expected = all.filter((u) =>
      u.nome.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().includes('usuario'),
    );
    expect(found.map((u) => u.nome).sort()).toEqual(expected.map((u) => u.nome).sort());
  });
});
