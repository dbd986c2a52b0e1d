import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, type TestApp } from './harness.ts';

/**
 * Issue 15 §3: every search of the built screens ignores accents and case, through the API, on
 * both databases: the Nome filter of the tickets, Usuários, the share-user search and the folder
 * search (the shared containsText, platform/text-search.ts); issue 32: the HR requests' Solicitante
 * and Colaborador filters and the employee searches.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const get = async (matricula: string, url: string) => {
  const res = await t.as(matricula)({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('searches ignore accents and case', () => {
  it.each(['jo%C3%A3o', 'joao', 'JOAO', 'Jo%C3%83o'])(
    'tickets, Nome = %s finds the calls of João',
    async (name) => {
      const page = await get(DEMO.admin, `/api/calls?scope=open&pageSize=200&name=${name}`);
      const names = new Set(page.rows.map((r: { nome_usuario: string }) => r.nome_usuario));
      expect([...names]).toEqual(['João Pedro da Silva']);
    },
  );

  it.each([
    ['patricia', 'Patrícia Souza Ramos'],
    ['VINICIUS', 'Marcos Vinícius Pereira'],
  ])('Usuários and the directory: "%s" finds %s', async (text, nome) => {
    const admin = await get(DEMO.admin, `/api/users?isAlter=1&data=${text}`);
    expect(admin.users.map((u: { nome: string }) => u.nome)).toEqual([nome]);
    const directory = await get(DEMO.admin, `/api/users?data=${text}`);
    expect(directory.users.map((u: { nome: string }) => u.nome)).toEqual([nome]);
  });

  it('share-user search: "patricia" finds Patrícia', async () => {
    const folder = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/create-folder',
      payload: { folderName: 'Compartilhar busca', parentFolderId: 1, isPrivate: 1 },
    });
    expect(folder.statusCode, folder.body).toBe(200);
    const { id } = await t.db
      .selectFrom('folders')
      .select('id')
      .where('name', '=', 'Compartilhar busca')
      .executeTakeFirstOrThrow();
    const found = await get(DEMO.admin, `/api/getUsers?folderId=${id}&search=patricia`);
    expect(found.map((u: { nome: string }) => u.nome)).toEqual(['Patrícia Souza Ramos']);
  });

  it('folder search: "cotacoes" finds "Cotações" folders', async () => {
    for (const folderName of ['Cotações 2025', 'COTAÇÕES antigas', 'Contratos']) {
      const res = await t.as(DEMO.admin)({
        method: 'POST',
        url: '/api/create-folder',
        payload: { folderName, parentFolderId: 1, isPrivate: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const found = await get(DEMO.admin, '/api/get-items?selectID=1&textSearch=cotacoes');
    expect(found.folders.map((f: { name: string }) => f.name).sort()).toEqual([
      'COTAÇÕES antigas',
      'Cotações 2025',
    ]);
  });

  it.each(['patricia', 'PATRICIA', 'Patr%C3%ADcia'])(
    'HR requests, Solicitante = %s finds the requests of Patrícia',
    async (name) => {
      const page = await get(DEMO.admin, `/api/hr-requests?scope=all&pageSize=200&requesterName=${name}`);
      const names = new Set(page.rows.map((r: { requesterName: string }) => r.requesterName));
      expect([...names]).toEqual(['Patrícia Souza Ramos']);
    },
  );

  it('employees: "conceicao" finds Conceição in the list, the picker and the Colaborador filter', async () => {
    await t.db
      .updateTable('hr_employees')
      .set({ name: 'Maria da Conceição Araújo' })
      .where('registration', '=', '104')
      .execute();
    await t.db
      .updateTable('hr_requests')
      .set({ employee_name: 'Maria da Conceição Araújo' })
      .where('employee_name', '=', 'Diego Martins Alves')
      .execute();
    const list = await get(DEMO.analistaRh, '/api/employees?search=conceicao');
    expect(list.rows.map((r: { name: string }) => r.name)).toEqual(['Maria da Conceição Araújo']);
    const upper = await get(DEMO.analistaRh, '/api/employees?search=ARAUJO');
    expect(upper.rows.map((r: { name: string }) => r.name)).toEqual(['Maria da Conceição Araújo']);
    const picked = await get(DEMO.analistaRh, '/api/employees/pick?search=conceicao');
    expect(picked.map((r: { name: string }) => r.name)).toEqual(['Maria da Conceição Araújo']);
    // By matrícula, as before.
    const byRegistration = await get(DEMO.analistaRh, '/api/employees?search=104');
    expect(byRegistration.rows.map((r: { name: string }) => r.name)).toEqual(['Maria da Conceição Araújo']);
    const requests = await get(DEMO.admin, '/api/hr-requests?scope=all&pageSize=200&employeeName=conceicao');
    expect(requests.rows.length).toBeGreaterThan(0);
    for (const r of requests.rows) expect(r.employeeName).toBe('Maria da Conceição Araújo');
  });
});
