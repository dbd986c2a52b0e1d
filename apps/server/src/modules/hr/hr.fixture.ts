import { toDateOnly } from '@intranet/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { acceptPolicyAsColaborador, buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';

/** Test helpers shared by the HR test files: requests through the real routes. */
export type Json = Record<string, unknown>;

export interface Detail {
  status: number;
  stages: { status: number; type: string }[];
  abilities: { transitions: { to: number; label: string }[]; attachments: boolean; insertEmployee: boolean };
  notes: string[];
}

/** A valid CPF from 9 digits (check digits computed). */
export function cpfFrom(base: string): string {
  const digits = base.split('').map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += digits[i]! * (length + 1 - i);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

export const today = () => toDateOnly(new Date());
export const daysFromToday = (n: number) => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export const HIRING = {
  role: 9,
  branch: 1,
  work_time: 1,
  contractType: 1,
  reasonHiring: 2,
  BreachContractId: 4,
  textJustify: 'Aumento de demanda.',
};

/** The demo users' names and CPFs the tests need (seed/demo-data.ts). */
export const PEOPLE = {
  roberto: { name: 'Roberto Almeida Nogueira', cpf: '76843259146' },
  marcos: { name: 'Marcos Vinícius Pereira' },
  fernanda: { cpf: '45317828791' },
  luiz: { cpf: '61400987342' },
};

/** The employee form of matrícula `seq`: one plain Operação employee, with `over` on top. */
const employeeForm = (seq: number, cpf: string, over: Json) => ({
  name: `Funcionário ${seq}`,
  birthDate: '1990-04-10',
  Registration: String(seq),
  DateAdmission: '2024-01-15',
  branch: 1,
  email: '',
  cpf,
  rg: '12.345.678-9',
  pis: '120.54783.65-1',
  tell: '(11) 98765-4321',
  foodVoucher: 1,
  healthInsurance: 0,
  transportTypeId: 3,
  WageId: 1,
  workTimeId: 1,
  contractTypeId: 1,
  role: 9,
  sector: 'Operação',
  ...over,
});

/** `base` keeps matrículas and CPFs of the files apart (each file has its own database anyway). */
export function hrCalls(t: TestApp, base: number) {
  let seq = base;
  const post = (who: string, url: string, payload: unknown) =>
    t.as(who)({ method: 'POST', url, payload: payload as Json });
  const put = (who: string, url: string, payload: unknown) =>
    t.as(who)({ method: 'PUT', url, payload: payload as Json });
  const get = (who: string, url: string) => t.as(who)({ method: 'GET', url });

  const employeePayload = (over: Json = {}) => {
    seq++;
    return employeeForm(seq, cpfFrom(String(100_000_000 + seq * 7919)), over);
  };

  return {
    post,
    put,
    get,
    employeePayload,
    hire: (who: string, body: Json = HIRING) => post(who, '/api/hire_request', body),
    async hired(who: string) {
      const res = await post(who, '/api/hire_request', HIRING);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: number }>().id;
    },
    stage: (who: string, requestId: number, to: number) =>
      post(who, '/api/rhstage_request', { requestId, stage: to }),
    /** Moves a request through stages that must all succeed. */
    async through(requestId: number, steps: [string, number][]) {
      for (const [who, to] of steps) {
        const res = await post(who, '/api/rhstage_request', { requestId, stage: to });
        expect(res.statusCode, `${who} → ${to}: ${res.body}`).toBe(200);
      }
    },
    async detail(who: string, id: number) {
      const res = await get(who, `/api/hr-requests/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Detail>();
    },
    async newEmployee(over: Json = {}, who: string = DEMO.analistaRh) {
      const payload = employeePayload(over);
      const res = await post(who, '/api/employee', payload);
      expect(res.statusCode, res.body).toBe(200);
      return { id: res.json<{ id: number }>().id, registration: payload.Registration, payload };
    },
    dismiss: (who: string, Registration: string, BreachContractId = 3) =>
      post(who, '/api/dismissalRequest', {
        Registration,
        BreachContractId,
        DismFailsId: [6],
        EquipamentReturnId: [1],
        textJustify: 'Redução de quadro.',
      }),
    setSubstitute: (who: string, role: string, body: Json) => put(who, `/api/hr/substitutes/${role}`, body),
    schedule: (who: string, employeeId: number, dateStart: string, days: number) =>
      post(who, `/api/employees/${employeeId}/vacations`, {
        dateStart,
        dateEnd: daysAfter(dateStart, days),
        requestedPeriod: days,
      }),
  };
}

export function daysAfter(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A request's detail as the route tests read it. */
export interface RequestDetail {
  status: number;
  progress: string;
  timeline: { status: number; label: string; done: boolean }[];
  abilities: { transitions: { to: number; label: string }[]; attachments: boolean; insertEmployee: boolean };
  attachments: { path: string; name: string }[];
  substituteFor: number | null;
  BreachContractId: number | null;
}

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The app of one route test file (the colaborador has accepted the policy) and the calls its tests
 * make; `h.t` is the app once beforeAll has built it.
 */
export function hrRouteTests() {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await acceptPolicyAsColaborador(t);
  });
  afterAll(() => t.close());

  let registrationSeq = 200;
  const employeePayload = (over: Json = {}) => {
    registrationSeq++;
    return employeeForm(registrationSeq, cpfFrom(`${registrationSeq}${registrationSeq}123`), over);
  };
  const post = (who: string, url: string, payload: unknown) =>
    t.as(who)({ method: 'POST', url, payload: payload as Json });
  const get = (who: string, url: string) => t.as(who)({ method: 'GET', url });
  return {
    get t() {
      return t;
    },
    employeePayload,
    post,
    get,
    hire: (who: string, body: Json = HIRING) => post(who, '/api/hire_request', body),
    stage: (who: string, requestId: number, to: number) =>
      post(who, '/api/rhstage_request', { requestId, stage: to, stageName: 'x', typeRequest: 'admission' }),
    async detail(who: string, id: number) {
      const res = await get(who, `/api/hr-requests/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<RequestDetail>();
    },
    async newEmployee(over: Json = {}) {
      const payload = employeePayload(over);
      const res = await post(DEMO.analistaRh, '/api/employee', payload);
      expect(res.statusCode, res.body).toBe(200);
      return { id: res.json<{ id: number }>().id, registration: payload.Registration };
    },
    dismiss: (who: string, Registration: string, BreachContractId: number) =>
      post(who, '/api/dismissalRequest', {
        Registration,
        BreachContractId,
        DismFailsId: [6],
        EquipamentReturnId: [1, 3],
        textJustify: 'Redução de quadro.',
      }),
  };
}
