import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { seededRandom } from '../../../test/seeded-random.ts';

/**
 * A digit prefix many users share (a CPF prefix) is walked in name order on SQLite
 * (lists/paged-query.ts#rangeTest), a rare one read through its index: either way the pages are exactly
 * the users the prefix matches, in name order, and the first page's total is the index's count.
 */

let t: TestApp;
const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Hugo'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira'];

beforeAll(async () => {
  t = await buildTestApp();
  const random = seededRandom(2026_11_26);
  const now = new Date().toISOString();
  // 2,700 users, one in nine with a CPF starting 777 (more than the probe's 100 and spread over
  // the names), some of those deactivated, matrículas 500000 on.
  const rows = Array.from({ length: 2700 }, (_, i) => ({
    nome: `${random.pick(FIRST)} ${random.pick(LAST)} ${i}`,
    senha: '-',
    matricula: String(500_000 + i),
    cpf: i % 9 === 0 ? `777${String(i).padStart(8, '0')}` : String(30_000_000_000 + i),
    email: null,
    tell: null,
    filial: 'Matriz',
    privilegio: 0,
    suport: 0,
    admin: 0,
    foto: null,
    active: i % 45 === 0 ? 0 : 1,
    deactivated_at: null,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.db
      .insertInto('users')
      .values(rows.slice(i, i + 500))
      .execute();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Every page of the Usuários list for `data`, by cursor. */
async function everyPage(data: string) {
  const ids: number[] = [];
  let cursor = '';
  let total: number | undefined;
  let totalCapped: boolean | undefined;
  for (let round = 0; round < 100; round++) {
    const res = await t.as(DEMO.admin)({
      method: 'GET',
      url: '/api/users',
      query: { isAlter: '1', data, pageSize: '20', cursor },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      users: { id: number }[];
      total?: number;
      totalCapped?: boolean;
      nextCursor?: string;
    }>();
    if (round === 0) ({ total, totalCapped } = body);
    ids.push(...body.users.map((u) => u.id));
    if (!body.nextCursor) return { ids, total, totalCapped };
    cursor = body.nextCursor;
  }
  throw new Error('more than 100 pages');
}

/** The active users whose matrícula or CPF starts with the digits, in the list's order. */
async function expected(digits: string) {
  const rows = await t.db
    .selectFrom('users')
    .select('id')
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('matricula', 'like', `${digits}%`), eb('cpf', 'like', `${digits}%`)]))
    .orderBy('nome')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

describe('the users list by a digit prefix', () => {
  it('a prefix 240 active users share: every one of them, in name order, page after page', async () => {
    const want = await expected('777');
    expect(want.length).toBe(240);
    const got = await everyPage('777');
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(want.length);
    expect(got.totalCapped).toBeUndefined();
  });

  it('a rare prefix (a few matrículas) and an absent one', async () => {
    for (const digits of ['50012', '5001', '999999']) {
      const want = await expected(digits);
      const got = await everyPage(digits);
      expect(got.ids, digits).toEqual(want);
      expect(got.total).toBe(want.length);
    }
  });
});
