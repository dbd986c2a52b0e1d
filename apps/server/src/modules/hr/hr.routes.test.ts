import { MSG, toDateOnly } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type Json = Record<string, unknown>;
interface Detail {
  status: number;
  progress: string;
  timeline: { status: number; label: string; done: boolean }[];
  abilities: { transitions: { to: number; label: string }[]; attachments: boolean; insertEmployee: boolean };
  attachments: { path: string; name: string }[];
  substituteFor: number | null;
  BreachContractId: number | null;
}

/** A valid CPF from 9 digits (check digits computed). */
function cpfFrom(base: string): string {
  const digits = base.split('').map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += digits[i]! * (length + 1 - i);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

const today = () => toDateOnly(new Date());
const daysFromToday = (n: number) => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const HIRING = {
  role: 9,
  branch: 1,
  work_time: 1,
  contractType: 1,
  reasonHiring: 2,
  BreachContractId: 4,
  textJustify: 'Aumento de demanda.',
};

let registrationSeq = 200;
const employeePayload = (over: Json = {}) => {
  registrationSeq++;
  return {
    name: `Funcionário ${registrationSeq}`,
    birthDate: '1990-04-10',
    Registration: String(registrationSeq),
    DateAdmission: '2024-01-15',
    branch: 1,
    email: '',
    cpf: cpfFrom(`${registrationSeq}${registrationSeq}123`),
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
  };
};

describe(`hr (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.as(DEMO.colaborador)({
      method: 'PUT',
      url: '/api/users/policy',
      payload: { userId: 3, policyAccepted: 1 },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const post = (who: string, url: string, payload: unknown) =>
    t.as(who)({ method: 'POST', url, payload: payload as Json });
  const get = (who: string, url: string) => t.as(who)({ method: 'GET', url });
  const hire = (who: string, body: Json = HIRING) => post(who, '/api/hire_request', body);
  const stage = (who: string, requestId: number, to: number) =>
    post(who, '/api/rhstage_request', { requestId, stage: to, stageName: 'x', typeRequest: 'admission' });
  const detail = async (who: string, id: number) => {
    const res = await get(who, `/api/hr-requests/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Detail>();
  };
  const newEmployee = async (over: Json = {}) => {
    const payload = employeePayload(over);
    const res = await post(DEMO.analistaRh, '/api/employee', payload);
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json<{ id: number }>().id, registration: payload.Registration };
  };
  const dismiss = (who: string, Registration: string, BreachContractId: number) =>
    post(who, '/api/dismissalRequest', {
      Registration,
      BreachContractId,
      DismFailsId: [6],
      EquipamentReturnId: [1, 3],
      textJustify: 'Redução de quadro.',
    });

  describe('hiring', () => {
    it('goes Solicitação Criada → RH → Diretor → Presidente → Aprovado, each by its actor, with e-mails', async () => {
      const mailsBefore = t.outbox().length;
      const res = await hire(DEMO.gestorCompras);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: MSG.hiringSent });
      const id = res.json<{ id: number }>().id;

      let d = await detail(DEMO.analistaRh, id);
      expect(d.progress).toBe('Solicitação Aberta');
      expect(d.timeline.map((s) => s.label)).toEqual([
        'Solicitação Criada',
        'Análise RH',
        'Análise Diretor',
        'Análise Presidente',
        'Aprovado/Negado',
      ]);
      expect(d.abilities.transitions).toEqual([{ to: 1, label: 'Aceitar' }]);

      expect((await stage(DEMO.analistaRh, id, 1)).statusCode).toBe(200);
      d = await detail(DEMO.analistaRh, id);
      expect(d.progress).toBe('Aceito');
      expect(d.abilities.transitions).toEqual([{ to: 3, label: 'Avançar' }]);
      expect((await stage(DEMO.analistaRh, id, 3)).statusCode).toBe(200);

      // RH may not approve at the director's stage; the president not before his.
      expect((await stage(DEMO.analistaRh, id, 4)).statusCode).toBe(403);
      expect((await stage(DEMO.presidente, id, 4)).statusCode).toBe(403);
      expect((await detail(DEMO.diretor, id)).abilities.transitions).toEqual([
        { to: 4, label: 'Aprovar' },
        { to: 10, label: 'Negar' },
      ]);
      expect((await stage(DEMO.diretor, id, 4)).statusCode).toBe(200);
      expect((await stage(DEMO.presidente, id, 5)).statusCode).toBe(200);

      d = await detail(DEMO.analistaRh, id);
      expect(d.status).toBe(5);
      expect(d.progress).toBe('Finalizado');
      expect(d.timeline.every((s) => s.done)).toBe(true);
      expect(d.abilities).toEqual({ transitions: [], attachments: true, insertEmployee: true });

      const mails = t.outbox().slice(mailsBefore);
      expect(mails.some((m) => m.includes('To: fernanda.costa@rotasul.com.br'))).toBe(true);
      expect(
        mails.some((m) => m.includes('To: roberto.nogueira@rotasul.com.br') && m.includes('aguarda sua')),
      ).toBe(true);
      expect(mails.some((m) => m.includes('To: helena.figueiredo@rotasul.com.br'))).toBe(true);
      expect(
        mails.some((m) => m.includes('To: patricia.ramos@rotasul.com.br') && m.includes('aprovada')),
      ).toBe(true);
      expect(await t.auditCount(await t.userId(DEMO.presidente), 'hr.stage.aprovar')).toBeGreaterThan(0);
    });

    it('a denial at the director finishes it with Negado', async () => {
      const id = (await hire(DEMO.gestorCompras)).json<{ id: number }>().id;
      await stage(DEMO.analistaRh, id, 1);
      await stage(DEMO.analistaRh, id, 3);
      expect((await stage(DEMO.diretor, id, 10)).statusCode).toBe(200);
      const d = await detail(DEMO.gestorCompras, id);
      expect(d.progress).toBe('Finalizado');
      expect(d.timeline.at(-1)).toMatchObject({ label: 'Negado', done: true });
      expect((await stage(DEMO.presidente, id, 5)).statusCode).toBe(409);
    });

    it('drops substituteFor unless the reason is Substituição', async () => {
      const res = await hire(DEMO.diretor, {
        ...HIRING,
        reasonHiring: 3,
        substituteFor: 1,
        BreachContractId: 2,
      });
      const d = await detail(DEMO.analistaRh, res.json<{ id: number }>().id);
      expect(d.substituteFor).toBeNull();
      expect(d.BreachContractId).toBeNull();
    });

    it('needs substituteFor and BreachContractId for a substitution, and a real employee', async () => {
      const missing = await hire(DEMO.diretor, { ...HIRING, reasonHiring: 1 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ error: MSG.fillAllFields });
      const unknown = await hire(DEMO.diretor, { ...HIRING, reasonHiring: 1, substituteFor: 99_999 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ error: MSG.hrSubstituteNotFound });
    });

    it.each([
      ['colaborador', DEMO.colaborador],
      ['suporte TI', DEMO.suporteTi],
    ])('refuses a request from a %s', async (_n, who) => {
      expect((await hire(who)).statusCode).toBe(403);
    });
  });

  describe('stage changes refused', () => {
    it('a stale button answers 409 and changes nothing; an unknown stage 400; an unseen request 404', async () => {
      const id = (await hire(DEMO.diretor)).json<{ id: number }>().id;
      expect((await stage(DEMO.analistaRh, id, 1)).statusCode).toBe(200);
      const stale = await stage(DEMO.analistaRh, id, 1);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ error: MSG.hrStageConflict });
      expect((await stage(DEMO.analistaRh, id, 7)).statusCode).toBe(400);
      expect((await stage(DEMO.analistaRh, id, 5)).statusCode).toBe(409);
      expect((await stage(DEMO.gestorCompras, id, 3)).statusCode).toBe(404);
      expect((await stage(DEMO.diretor, id, 3)).statusCode).toBe(403);
      expect((await detail(DEMO.analistaRh, id)).status).toBe(1);
    });

    it('two clicks at once: one moves the request, the other gets 409', async () => {
      const id = (await hire(DEMO.diretor)).json<{ id: number }>().id;
      const codes = (await Promise.all([stage(DEMO.analistaRh, id, 1), stage(DEMO.admin, id, 1)])).map(
        (r) => r.statusCode,
      );
      expect(codes.sort()).toEqual([200, 409]);
      const stages = await t.db
        .selectFrom('hr_request_stages')
        .select('status')
        .where('request_id', '=', id)
        .execute();
      expect(stages.map((s) => s.status)).toEqual([0, 1]);
    });
  });

  describe('dismissal paths (BreachContractId × days since admission)', () => {
    it.each([
      [1, 89, [0, 1, 5]],
      [1, 90, [0, 1, 3, 5]],
      [1, 91, [0, 1, 3, 5]],
      [2, 89, [0, 1, 2, 5]],
      [2, 90, [0, 1, 2, 3, 5]],
      [2, 91, [0, 1, 2, 3, 5]],
      [3, 89, [0, 1, 5]],
      [3, 90, [0, 1, 3, 5]],
      [4, 89, [0, 1, 5]],
      [4, 91, [0, 1, 3, 5]],
    ])('type %i at day %i goes %j', async (breach, days, path) => {
      const e = await newEmployee({ DateAdmission: daysFromToday(-days) });
      const res = await dismiss(DEMO.diretor, e.registration, breach);
      expect(res.statusCode, res.body).toBe(200);
      const d = await detail(DEMO.analistaRh, res.json<{ id: number }>().id);
      expect(d.timeline.map((s) => s.status)).toEqual(path);
    });

    it('without cause goes through Jurídico (1008) and the employee is marked dismissed', async () => {
      const e = await newEmployee({ DateAdmission: daysFromToday(-400), sector: 'Compras' });
      const id = (await dismiss(DEMO.gestorCompras, e.registration, 2)).json<{ id: number }>().id;
      await stage(DEMO.analistaRh, id, 1);
      expect((await detail(DEMO.analistaRh, id)).abilities.transitions).toEqual([
        { to: 2, label: 'Avançar' },
      ]);
      await stage(DEMO.analistaRh, id, 2);
      expect((await stage(DEMO.diretor, id, 3)).statusCode).toBe(403);
      expect((await stage(DEMO.juridico, id, 3)).statusCode).toBe(200);
      expect((await stage(DEMO.diretor, id, 5)).statusCode).toBe(200);
      const emp = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      expect(emp).toMatchObject({ DismissalId: id, dateDismissal: today() });
    });

    it('an unknown matrícula and a second request say the spec messages', async () => {
      const unknown = await dismiss(DEMO.diretor, '999', 1);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'Matrícula não encontrada no Banco de dados' });
      const e = await newEmployee();
      expect((await dismiss(DEMO.diretor, e.registration, 3)).statusCode).toBe(200);
      const again = await dismiss(DEMO.analistaRh, e.registration, 1);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'Solicitação já realizada para esse funcionário' });
      const lookup = (await get(DEMO.diretor, `/api/employee?Registration=${e.registration}`)).json<Json>();
      expect(lookup).toMatchObject({ hasRequestDismissal: true });
      expect(lookup).not.toHaveProperty('cpf');
    });

    it('two simultaneous requests for one employee: one is made, the other gets 409', async () => {
      const e = await newEmployee();
      const replies = await Promise.all([
        dismiss(DEMO.diretor, e.registration, 3),
        dismiss(DEMO.admin, e.registration, 1),
        dismiss(DEMO.analistaRh, e.registration, 4),
      ]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      for (const r of replies.filter((r) => r.statusCode === 409))
        expect(r.json()).toEqual({ error: MSG.dismissalAlreadyRequested });
      const rows = await t.db
        .selectFrom('hr_requests')
        .select('id')
        .where('employee_id', '=', e.id)
        .where('type_request', '=', 'dismissal')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('the database itself keeps one live dismissal per employee (a denied one does not count)', async () => {
      const e = await newEmployee();
      const id = (await dismiss(DEMO.diretor, e.registration, 3)).json<{ id: number }>().id;
      const row = await t.db
        .selectFrom('hr_requests')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const { id: _id, ...copy } = row;
      await expect(t.db.insertInto('hr_requests').values(copy).execute()).rejects.toThrow();
      await t.db.updateTable('hr_requests').set({ status: 10 }).where('id', '=', id).execute();
      const again = await dismiss(DEMO.diretor, e.registration, 3);
      expect(again.statusCode, again.body).toBe(200);
    });

    it('an empty reasons list is refused', async () => {
      const res = await post(DEMO.diretor, '/api/dismissalRequest', {
        Registration: '101',
        BreachContractId: 1,
        DismFailsId: [],
        EquipamentReturnId: [1],
        textJustify: 'x',
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('one request by its spec §7 call (hire_request, dismissalRequest, movement)', () => {
    it('answers the request of that type to who may see it; another type, an unseen one 404', async () => {
      const hiring = (await hire(DEMO.diretor)).json<{ id: number }>().id;
      const e = await newEmployee({ sector: 'Compras' });
      const dismissal = (await dismiss(DEMO.gestorCompras, e.registration, 3)).json<{ id: number }>().id;

      const h = await get(DEMO.diretor, `/api/hire_request?id=${hiring}`);
      expect(h.statusCode, h.body).toBe(200);
      expect(h.json()).toMatchObject({ Id: hiring, typeRequest: 'admission', status: 0 });
      expect(h.json()).toEqual((await get(DEMO.diretor, `/api/hr-requests/${hiring}`)).json());
      const d = await get(DEMO.analistaRh, `/api/dismissalRequest?id=${dismissal}`);
      expect(d.statusCode).toBe(200);
      expect(d.json()).toMatchObject({ Id: dismissal, typeRequest: 'dismissal', employeeId: e.id });

      // The wrong type, a request of someone else, one that does not exist: the same 404.
      for (const [who, url] of [
        [DEMO.diretor, `/api/dismissalRequest?id=${hiring}`],
        [DEMO.diretor, `/api/movement?id=${hiring}`],
        [DEMO.analistaRh, `/api/hire_request?id=${dismissal}`],
        [DEMO.gestorCompras, `/api/hire_request?id=${hiring}`],
        [DEMO.colaborador, `/api/dismissalRequest?id=${dismissal}`],
        [DEMO.analistaRh, '/api/hire_request?id=999999'],
      ] as const) {
        const res = await get(who, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: MSG.hrRequestNotFound });
      }
      expect((await get(DEMO.analistaRh, '/api/hire_request')).statusCode).toBe(400);
    });

    it('a movement request is read through /api/movement by its requester and HR only', async () => {
      const source = await t.db
        .selectFrom('hr_requests')
        .selectAll()
        .where('id', '=', (await hire(DEMO.gestorCompras)).json<{ id: number }>().id)
        .executeTakeFirstOrThrow();
      const { id: _id, ...copy } = source;
      const { id } = await t.db
        .insertInto('hr_requests')
        .values({ ...copy, type_request: 'movement' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('hr_request_stages')
        .values({
          request_id: id,
          status: 0,
          user_id: copy.requester_id,
          user_name: copy.requester_name,
          created_at: copy.created_at,
        })
        .execute();
      for (const who of [DEMO.gestorCompras, DEMO.analistaRh]) {
        const res = await get(who, `/api/movement?id=${id}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ Id: id, typeRequest: 'movement' });
      }
      expect((await get(DEMO.suporteTi, `/api/movement?id=${id}`)).statusCode).toBe(404);
      expect((await get(DEMO.gestorCompras, `/api/hire_request?id=${id}`)).statusCode).toBe(404);
    });
  });

  describe('lists and the requester view', () => {
    it('Minhas Solicitações has only mine; Atendimento RH is for HR and approvers', async () => {
      const mine = (await get(DEMO.gestorCompras, '/api/hr-requests?scope=mine')).json<{
        rows: { requesterMat: string }[];
        total: number;
      }>();
      expect(mine.rows.length).toBeGreaterThan(0);
      expect(mine.rows.every((r) => r.requesterMat === DEMO.gestorCompras)).toBe(true);
      expect((await get(DEMO.gestorCompras, '/api/hr-requests?scope=all')).statusCode).toBe(403);
      expect((await get(DEMO.colaborador, '/api/hr-requests?scope=all')).statusCode).toBe(403);
      const all = await get(DEMO.presidente, '/api/hr-requests?scope=all&progress=Finalizado&pageSize=5');
      expect(all.statusCode).toBe(200);
      const body = all.json<{ rows: { progress: string }[]; total: number }>();
      expect(body.rows.every((r) => r.progress === 'Finalizado')).toBe(true);
      expect(body.total).toBeGreaterThanOrEqual(body.rows.length);
      const page2 = (await get(DEMO.presidente, '/api/hr-requests?scope=all&page=2&pageSize=2')).json<Json>();
      expect(page2.total).toBeUndefined();
    });

    it('the requester sees no buttons and no attachments', async () => {
      const id = (await hire(DEMO.gestorCompras)).json<{ id: number }>().id;
      const d = await detail(DEMO.gestorCompras, id);
      expect(d.abilities).toEqual({ transitions: [], attachments: false, insertEmployee: false });
      expect((await get(DEMO.colaborador, `/api/hr-requests/${id}`)).statusCode).toBe(404);
    });

    it('exports the list as xlsx', async () => {
      const res = await get(DEMO.analistaRh, '/api/hr-requests/export?scope=all');
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]!.getRow(1).values).toContain('Solicitante');
    });
  });

  describe('attachments', () => {
    const attach = (who: string, requestId: number, file: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append('request_id', String(requestId));
      form.append('files', new Blob([file], { type }), name);
      return t.as(who)({ method: 'POST', url: '/api/attachment', payload: form });
    };

    it('HR attaches an image, served to who handles the request only', async () => {
      const id = (await hire(DEMO.gestorCompras)).json<{ id: number }>().id;
      const res = await attach(DEMO.analistaRh, id, PNG, 'doc.png', 'image/png');
      expect(res.statusCode, res.body).toBe(200);
      const d = await detail(DEMO.analistaRh, id);
      expect(d.attachments.map((a) => a.name)).toEqual(['doc.png']);
      const file = await get(DEMO.analistaRh, `/api/${d.attachments[0]!.path}`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
      expect((await get(DEMO.gestorCompras, `/api/${d.attachments[0]!.path}`)).statusCode).toBe(403);
      expect((await attach(DEMO.gestorCompras, id, PNG, 'a.png', 'image/png')).statusCode).toBe(403);
      expect((await attach(DEMO.colaborador, id, PNG, 'a.png', 'image/png')).statusCode).toBe(404);
    });

    it('refuses a file that is not an image or PDF by its bytes', async () => {
      const res = await attach(
        DEMO.analistaRh,
        1,
        Buffer.from('MZ not really a picture'),
        'foto.png',
        'image/png',
      );
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toEqual({ error: MSG.hrAttachmentTypes });
    });
  });

  describe('employees', () => {
    it('stores CPF, phone, RG and PIS without punctuation and lists dismissed ones', async () => {
      const e = await newEmployee({ name: 'Joana Prado' });
      const d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      expect(d).toMatchObject({
        rg: '123456789',
        pis: '12054783651',
        tell: '11987654321',
        currentYearVacation: 0,
      });
      expect(d.cpf).toMatch(/^\d{11}$/);
      expect(d.saleVacation).toBe('2026-01-15');
      const list = (await get(DEMO.analistaRh, '/api/employees?search=joana')).json<{
        rows: { name: string }[];
      }>();
      expect(list.rows.map((r) => r.name)).toEqual(['Joana Prado']);
      const dismissed = (await get(DEMO.analistaRh, '/api/employees?dismissed=dismissed')).json<{
        rows: { DismissalId: number | null }[];
      }>();
      expect(dismissed.rows.every((r) => r.DismissalId !== null)).toBe(true);
    });

    it.each([
      ['an invalid CPF', { cpf: '529.982.247-24' }, 'CPF inválido.'],
      ['an empty name', { name: '' }, MSG.employeeInvalidParams],
      ['a 4-digit matrícula', { Registration: '1234' }, 'A matrícula deve ter até 3 dígitos.'],
    ])('refuses %s', async (_n, over, message) => {
      const res = await post(DEMO.analistaRh, '/api/employee', employeePayload(over));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    });

    it('refuses a repeated matrícula or CPF', async () => {
      const res = await post(DEMO.analistaRh, '/api/employee', employeePayload({ Registration: '101' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: MSG.formNotSent(MSG.employeeDuplicateRegistration) });
    });

    it('updates an employee', async () => {
      const e = await newEmployee();
      const res = await t.as(DEMO.analistaRh)({
        method: 'PUT',
        url: '/api/employee',
        payload: {
          ...employeePayload({ Registration: e.registration, name: 'Nome Novo' }),
          id: e.id,
          cpf: cpfFrom('987654321'),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>().name).toBe('Nome Novo');
    });

    it.each([DEMO.diretor, DEMO.suporteTi, DEMO.colaborador])(
      'refuses the employee records to %s',
      async (who) => {
        expect((await get(who, '/api/employees')).statusCode).toBe(403);
        expect((await get(who, '/api/employees/1')).statusCode).toBe(403);
        expect((await post(who, '/api/employee', employeePayload())).statusCode).toBe(403);
      },
    );

    it('writes the employees report', async () => {
      const res = await get(DEMO.analistaRh, '/api/hr/reports/employees');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('funcionarios.xlsx');
    });
  });

  describe('vacations (spec §5)', () => {
    const schedule = (
      employeeId: number,
      dateStart: string,
      days: number,
      dateEnd = daysAfter(dateStart, days),
    ) =>
      post(DEMO.analistaRh, `/api/employees/${employeeId}/vacations`, {
        dateStart,
        dateEnd,
        requestedPeriod: days,
      });
    const daysAfter = (day: string, n: number) => {
      const d = new Date(`${day}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };

    it('starts today or later, ends at start + days, days above 0', async () => {
      const e = await newEmployee();
      const past = await schedule(e.id, daysFromToday(-1), 10);
      expect(past.statusCode).toBe(400);
      expect(past.json()).toEqual({ error: MSG.vacationStartDate });
      expect((await schedule(e.id, daysFromToday(5), 10, daysFromToday(14))).statusCode).toBe(400);
      expect((await schedule(e.id, daysFromToday(5), 0)).statusCode).toBe(400);
      const empty = await post(DEMO.analistaRh, `/api/employees/${e.id}/vacations`, {
        dateStart: '',
        dateEnd: '',
      });
      expect(empty.json()).toEqual({ error: MSG.vacationAllFields });
      const ok = await schedule(e.id, today(), 10);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ success: true, message: MSG.vacationScheduled });
    });

    it('keeps the accrual fields: 30 days close the period and move the due date a year', async () => {
      const e = await newEmployee({ DateAdmission: '2024-03-10' });
      expect((await schedule(e.id, daysFromToday(10), 20)).statusCode).toBe(200);
      let d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      expect(d).toMatchObject({
        currentYearVacation: 20,
        saleVacation: '2026-03-10',
        lastDateVacation: daysFromToday(30),
      });
      const over = await schedule(e.id, daysFromToday(60), 11);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({ error: MSG.vacationScheduleError(MSG.vacationOverPeriod) });
      expect((await schedule(e.id, daysFromToday(60), 10)).statusCode).toBe(200);
      d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      expect(d).toMatchObject({ currentYearVacation: 0, saleVacation: '2027-03-10' });

      const vacations = (await get(DEMO.analistaRh, `/api/employees/${e.id}/vacations`)).json<
        { Id: number; DateStart: string }[]
      >();
      const first = vacations.find((v) => v.DateStart === daysFromToday(10))!;
      const put = await t.as(DEMO.analistaRh)({
        method: 'PUT',
        url: `/api/employee-vacations/${first.Id}`,
        payload: { days: 15, DateEnd: daysFromToday(25) },
      });
      expect(put.statusCode, put.body).toBe(200);
      d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      expect(d).toMatchObject({ currentYearVacation: 25, saleVacation: '2026-03-10' });
    });

    it('refuses a vacation overlapping another of the same employee, scheduled or changed', async () => {
      const e = await newEmployee();
      const other = await newEmployee();
      expect((await schedule(e.id, daysFromToday(20), 10)).statusCode).toBe(200);
      const overlapMsg = { error: MSG.vacationScheduleError(MSG.employeeVacationOverlap) };
      for (const [start, days] of [
        [20, 10],
        [15, 6],
        [29, 1],
        [10, 25],
        [22, 3],
      ] as const) {
        const res = await schedule(e.id, daysFromToday(start), days);
        expect(res.statusCode, `${start}+${days}`).toBe(409);
        expect(res.json()).toEqual(overlapMsg);
      }
      // DateEnd (start + days) is the day he is back: the next vacation may start on it.
      expect((await schedule(e.id, daysFromToday(30), 5)).statusCode).toBe(200);
      expect((await schedule(e.id, daysFromToday(15), 5)).statusCode).toBe(200);
      // Another employee, the same days: fine.
      expect((await schedule(other.id, daysFromToday(20), 10)).statusCode).toBe(200);
      const vacations = (await get(DEMO.analistaRh, `/api/employees/${e.id}/vacations`)).json<
        { Id: number; DateStart: string }[]
      >();
      expect(vacations).toHaveLength(3);
      // Lengthening the first into the next one is refused too, and nothing changes.
      const first = vacations.find((v) => v.DateStart === daysFromToday(15))!;
      const put = await t.as(DEMO.analistaRh)({
        method: 'PUT',
        url: `/api/employee-vacations/${first.Id}`,
        payload: { days: 6, DateEnd: daysFromToday(21) },
      });
      expect(put.statusCode).toBe(409);
      expect(put.json()).toEqual({ error: `${MSG.vacationUpdateError} ${MSG.employeeVacationOverlap}` });
      const d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      expect(d).toMatchObject({ currentYearVacation: 20 });
    });

    it('two simultaneous overlapping schedules: one is made, the other refused', async () => {
      const e = await newEmployee();
      const replies = await Promise.all([
        schedule(e.id, daysFromToday(40), 10),
        schedule(e.id, daysFromToday(45), 10),
        schedule(e.id, daysFromToday(42), 5),
      ]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const rows = await t.db
        .selectFrom('hr_vacations')
        .select('id')
        .where('employee_id', '=', e.id)
        .execute();
      expect(rows).toHaveLength(1);
      const d = (await get(DEMO.analistaRh, `/api/employees/${e.id}`)).json<Json>();
      const won = replies.findIndex((r) => r.statusCode === 200);
      expect(d).toMatchObject({ currentYearVacation: [10, 10, 5][won] });
    });

    it('is HR only', async () => {
      expect((await post(DEMO.diretor, '/api/employees/1/vacations', {})).statusCode).toBe(400);
      const res = await post(DEMO.diretor, '/api/employees/1/vacations', {
        dateStart: daysFromToday(3),
        dateEnd: daysFromToday(8),
        requestedPeriod: 5,
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('medical leave (LGPD)', () => {
    const leave = (EmployeeId: number) => ({
      EmployeeId,
      hubUnit: 1,
      shift: 2,
      start_date: '2026-02-02',
      end_date: '2026-02-04',
      cid_code: 'j11',
      medical_unit: 'UBS Centro',
      doctor_name: 'Dra. Maria',
      doctor_crm: '123456/SP',
      note: '',
    });

    it('HR records and reads it; every read is audited', async () => {
      const e = await newEmployee();
      const created = await post(DEMO.analistaRh, '/api/licenseEmployee', leave(e.id));
      expect(created.statusCode, created.body).toBe(200);
      const hr = await t.userId(DEMO.analistaRh);
      const before = await t.auditCount(hr, 'hr.medicalLeave.read');
      const res = await get(DEMO.analistaRh, `/api/licenseEmployee?Id=${e.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        expect.objectContaining({
          cid_code: 'J11',
          total_days: 3,
          name: e.registration ? expect.any(String) : '',
        }),
      ]);
      await get(DEMO.analistaRh, `/api/licenseEmployee?Id=${e.id}`);
      expect(await t.auditCount(hr, 'hr.medicalLeave.read')).toBe(before + 2);
    });

    it.each([
      ['diretor', DEMO.diretor],
      ['presidente', DEMO.presidente],
      ['suporte TI', DEMO.suporteTi],
      ['gestor', DEMO.gestorCompras],
    ])('is refused to the %s', async (_n, who) => {
      expect((await get(who, '/api/licenseEmployee?Id=1')).statusCode).toBe(403);
      expect((await post(who, '/api/licenseEmployee', leave(1))).statusCode).toBe(403);
      expect((await get(who, '/api/hr/reports/leaves?from=2026-01-01&to=2026-12-31')).statusCode).toBe(403);
    });

    it('is refused to Jurídico (HR team, but not the HR support who handles atestados)', async () => {
      const e = await newEmployee();
      expect((await post(DEMO.analistaRh, '/api/licenseEmployee', leave(e.id))).statusCode).toBe(200);
      const read = await get(DEMO.juridico, `/api/licenseEmployee?Id=${e.id}`);
      expect(read.statusCode).toBe(403);
      expect(read.body).not.toContain('J11');
      expect((await post(DEMO.juridico, '/api/licenseEmployee', leave(e.id))).statusCode).toBe(403);
      const report = await get(DEMO.juridico, '/api/hr/reports/leaves?from=2026-01-01&to=2026-12-31');
      expect(report.statusCode).toBe(403);
      // He still manages the employee and the vacations.
      expect((await get(DEMO.juridico, `/api/employees/${e.id}`)).statusCode).toBe(200);
    });

    it('GET absences: vacations and leave to HR support; vacations only to Jurídico, no read audited', async () => {
      const e = await newEmployee();
      expect((await post(DEMO.analistaRh, '/api/licenseEmployee', leave(e.id))).statusCode).toBe(200);
      const start = daysFromToday(100);
      const end = daysFromToday(105);
      const v = await post(DEMO.analistaRh, `/api/employees/${e.id}/vacations`, {
        dateStart: start,
        dateEnd: end,
        requestedPeriod: 5,
      });
      expect(v.statusCode).toBe(200);

      const hr = await t.userId(DEMO.analistaRh);
      const before = await t.auditCount(hr, 'hr.medicalLeave.read');
      const full = await get(DEMO.analistaRh, `/api/absences?EmployeeId=${e.id}`);
      expect(full.statusCode, full.body).toBe(200);
      expect(full.json()).toEqual({
        vacations: [
          expect.objectContaining({ EmployeeId: e.id, DateStart: start, DateEnd: end, RequestedPeriod: 5 }),
        ],
        medicalLeave: [expect.objectContaining({ EmployeeId: e.id, cid_code: 'J11', total_days: 3 })],
      });
      expect(await t.auditCount(hr, 'hr.medicalLeave.read')).toBe(before + 1);

      const jur = await t.userId(DEMO.juridico);
      const jurBefore = await t.auditCount(jur, 'hr.medicalLeave.read');
      const partial = await get(DEMO.juridico, `/api/absences?EmployeeId=${e.id}`);
      expect(partial.statusCode).toBe(200);
      expect(partial.json()).toEqual({ vacations: full.json<Json>().vacations, medicalLeave: null });
      expect(partial.body).not.toContain('J11');
      expect(await t.auditCount(jur, 'hr.medicalLeave.read')).toBe(jurBefore);

      expect((await get(DEMO.diretor, `/api/absences?EmployeeId=${e.id}`)).statusCode).toBe(403);
      expect((await get(DEMO.analistaRh, '/api/absences?EmployeeId=999999')).statusCode).toBe(404);
    });

    it('the leave report is audited too', async () => {
      const hr = await t.userId(DEMO.analistaRh);
      const before = await t.auditCount(hr, 'hr.medicalLeave.report');
      const res = await get(DEMO.analistaRh, '/api/hr/reports/leaves?from=2026-01-01&to=2026-12-31');
      expect(res.statusCode).toBe(200);
      expect(await t.auditCount(hr, 'hr.medicalLeave.report')).toBe(before + 1);
    });
  });
});
