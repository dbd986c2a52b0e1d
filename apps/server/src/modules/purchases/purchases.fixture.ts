import { afterAll, beforeAll, expect } from 'vitest';
import { acceptPolicyAsColaborador, buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';

/** Test helpers shared by the purchases test files: requests through the real routes. */
export type Json = Record<string, unknown>;

export const REQUEST = {
  typerequest: 'compra',
  descript: 'Cadeira ergonômica',
  qnt: 2,
  justify: 'Novo ativo',
  justifyDescript: 'Posto novo na expedição',
  estimaVal: '899.90',
  filial: 'Maua',
  priority: 2,
  link: 'https://loja.example/cadeira',
};

export function purchaseCalls(t: TestApp) {
  const form = (fields: Json) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, String(v));
    return f;
  };
  const newRequest = async (matricula: string, fields: Json = {}) => {
    const res = await t.as(matricula)({
      method: 'POST',
      url: '/api/purchases',
      payload: form({ ...REQUEST, ...fields }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };
  const fire = (matricula: string, id: number, action: string, from: number, extra: Json = {}) =>
    t.as(matricula)({
      method: 'POST',
      url: `/api/purchases/${id}/transition`,
      payload: { action, from, ...extra },
    });
  const quote = (matricula: string, id: number, valor: string) =>
    t.as(matricula)({
      method: 'POST',
      url: '/api/insertCotacao',
      payload: form({
        ticket: id,
        fornecedor: `Loja ${valor}`,
        prazoEntrega: '2026-12-10',
        contato: 'https://a.example',
        canalType: 'Online',
        valor,
      }),
    });
  const select = (matricula: string, id: number, cotac_id: number) =>
    t.as(matricula)({ method: 'POST', url: `/api/purchases/${id}/quote`, payload: { cotac_id } });
  const setInQuote = (matricula: string, id: number, inQuote: boolean) =>
    t.as(matricula)({ method: 'POST', url: `/api/purchases/${id}/in-quote`, payload: { inQuote } });
  const row = (id: number) =>
    t.db.selectFrom('purchase_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /**
   * A request of `requester` brought by `staff` to stage 3 with one quote per value, the first
   * selected; answers the request and quote ids.
   */
  const atManager = async (requester: string, staff: string, values: string[]) => {
    const id = await newRequest(requester);
    expect((await fire(staff, id, 'analisar', 0)).statusCode).toBe(200);
    expect((await fire(staff, id, 'pedirCotacao', 1)).statusCode).toBe(200);
    const quotes: number[] = [];
    for (const v of values) {
      const res = await quote(staff, id, v);
      expect(res.statusCode, res.body).toBe(200);
      quotes.push(res.json<{ id: number }>().id);
    }
    expect((await fire(staff, id, 'enviarAprovacao', 2)).statusCode).toBe(200);
    return { id, quotes };
  };

  /** 1003 has not accepted the usage policy in the demo; these tests need him as a member. */
  const acceptPolicy = async (matricula: string) => {
    const res = await t.as(matricula)({
      method: 'PUT',
      url: '/api/users/policy',
      payload: { userId: await t.userId(matricula), policyAccepted: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  return { acceptPolicy, newRequest, fire, quote, select, setInQuote, row, atManager };
}

/**
 * The app of one test file (1003 a member) and purchaseCalls on it; `h.t` and `h.c` once beforeAll
 * has built them.
 */
export function purchaseCallTests() {
  let t: TestApp;
  let c: ReturnType<typeof purchaseCalls>;
  beforeAll(async () => {
    t = await buildTestApp();
    c = purchaseCalls(t);
    await c.acceptPolicy(DEMO.colaborador);
  });
  afterAll(() => t.close());
  return {
    get t() {
      return t;
    },
    get c() {
      return c;
    },
  };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A request's detail as the route tests read it. */
export interface RequestDetail {
  status: number;
  statusLabel: string;
  call_id: number;
  aprovall_id: number | null;
  cotac_id: number | null;
  atendente_name: string | null;
  quoter_name: string | null;
  buyer_name: string | null;
  picker_name: string | null;
  aprovall_name: string | null;
  val: number | null;
  stages: { key: string; state: string }[];
  abilities: { transitions: string[]; cancel: boolean; selectQuote: boolean; editQuotes: boolean };
  history: { summary: string }[];
}

type SentFile = { name: string; body: Buffer; type: string };

/**
 * The app of one route test file (1003 has accepted the policy) and the calls its tests make;
 * `h.t` is the app once beforeAll has built it.
 */
export function purchaseRouteTests() {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await acceptPolicyAsColaborador(t);
  });
  afterAll(() => t.close());

  const form = (fields: Json, files: SentFile[] = []) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, String(v));
    for (const file of files) f.append('file', new Blob([file.body], { type: file.type }), file.name);
    return f;
  };
  const open = (matricula: string, fields: Json = {}, files: SentFile[] = []) =>
    t.as(matricula)({
      method: 'POST',
      url: '/api/purchases',
      payload: form({ ...REQUEST, ...fields }, files),
    });
  const newRequest = async (fields: Json = {}) => {
    const res = await open(DEMO.colaborador, fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };
  const fire = (matricula: string, id: number, action: string, from: number, extra: Json = {}) =>
    t.as(matricula)({
      method: 'POST',
      url: `/api/purchases/${id}/transition`,
      payload: { action, from, ...extra },
    });
  const detail = async (matricula: string, id: number) => {
    const res = await t.as(matricula)({ method: 'GET', url: `/api/purchases/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RequestDetail>();
  };
  const quote = (matricula: string, id: number, fields: Json, files: SentFile[] = []) =>
    t.as(matricula)({
      method: 'POST',
      url: '/api/insertCotacao',
      payload: form(
        {
          ticket: id,
          fornecedor: 'Loja A',
          prazoEntrega: '2026-12-10',
          contato: 'https://a.example',
          canalType: 'Online',
          ...fields,
        },
        files,
      ),
    });
  const select = (matricula: string, id: number, cotac_id: number, reason?: string) =>
    t.as(matricula)({ method: 'POST', url: `/api/purchases/${id}/quote`, payload: { cotac_id, reason } });

  /** A request of 1003 brought to stage 3 with one quote of `valor`, selected. */
  const atManager = async (valor: string) => {
    const id = await newRequest();
    expect((await fire(DEMO.gestorCompras, id, 'analisar', 0)).statusCode).toBe(200);
    expect((await fire(DEMO.gestorCompras, id, 'pedirCotacao', 1)).statusCode).toBe(200);
    const q = await quote(DEMO.gestorCompras, id, { valor });
    expect(q.statusCode, q.body).toBe(200);
    expect((await fire(DEMO.gestorCompras, id, 'enviarAprovacao', 2)).statusCode).toBe(200);
    expect((await select(DEMO.gestorCompras, id, q.json<{ id: number }>().id)).statusCode).toBe(200);
    return id;
  };

  return {
    get t() {
      return t;
    },
    form,
    open,
    newRequest,
    fire,
    detail,
    quote,
    select,
    atManager,
  };
}
