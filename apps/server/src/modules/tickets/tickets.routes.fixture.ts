import { afterAll, beforeAll, expect } from 'vitest';
import { acceptPolicyAsColaborador, buildTestApp, type TestApp } from '../../../test/harness.ts';

/** Test helpers shared by the tickets route test files: requests through the real routes. */

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Demo calls (seed/demo-data.ts DEMO_CALLS), by id. */
export const CALL = {
  coletor1003: 1, // TI, status 0
  salario1008: 2, // RH, status 1, attended by 1005
  arCondicionado1006: 3, // Infraestrutura, status 2
  impressora1002: 4, // TI, status 3
  epi1007: 5, // QSSMA, status 0
  prateleiras1009: 6, // Infraestrutura, status 20
  horasExtras1003: 7, // RH, status 1
  intranet1008: 8, // TI, status 0
};

export type Json = Record<string, unknown>;

/**
 * The app of one test file, built in beforeAll with the policy accepted, and the requests the
 * tickets tests make through it; `app()` is the app once built.
 */
export function ticketRouteTests() {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await acceptPolicyAsColaborador(t);
  });
  afterAll(() => t.close());

  const open = (matricula: string, payload: Json) =>
    t.as(matricula)({ method: 'POST', url: '/api/insertCall', payload });
  const newCall = async (matricula: string, payload: Partial<Json> = {}) => {
    const res = await open(matricula, {
      problem: 'Computador',
      descript: 'Não liga.',
      dep: 'Tecnologia de Informacao',
      filial: 'Matriz',
      ...payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };
  const setCall = (matricula: string, id: number, status: number) =>
    t.as(matricula)({ method: 'PUT', url: '/api/setCall', payload: { id, status } });
  const detail = (matricula: string, id: number) =>
    t.as(matricula)({ method: 'GET', url: `/api/getSingleCall?id=${id}` });
  const list = (matricula: string, query: string) =>
    t.as(matricula)({ method: 'GET', url: `/api/calls?${query}` });
  const ids = (res: { json: () => unknown }) =>
    (res.json() as { rows: { id: number }[] }).rows.map((r) => r.id);
  const answer = (matricula: string, id: number, msg: string) =>
    t.as(matricula)({ method: 'POST', url: `/api/calls/${id}/answers`, payload: { msg } });
  const statusOf = async (id: number) =>
    (await t.db.selectFrom('calls').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const callCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('calls')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { app: () => t, open, newCall, setCall, detail, list, ids, answer, statusOf, callCount };
}
