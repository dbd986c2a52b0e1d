import { MSG } from '@intranet/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEMO, TEST_DIALECT } from '../../../test/harness.ts';
import { daysFromToday, HIRING, hrRouteTests, type Json, PNG, today } from './hr.fixture.ts';

/** Hiring and dismissal requests through their routes: stages, the dismissal paths, each request's spec §7 call, the lists and the attachments. */
describe(`hr requests: hiring, stages, dismissals, lists and attachments (${TEST_DIALECT})`, () => {
  const h = hrRouteTests();
  const { post, get, hire, stage, detail, newEmployee, dismiss } = h;

  describe('hiring', () => {
    it('goes Solicitação Criada → RH → Diretor → Presidente → Aprovado, each by its actor, with e-mails', async () => {
      const mailsBefore = h.t.outbox().length;
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

      const mails = h.t.outbox().slice(mailsBefore);
      expect(mails.some((m) => m.includes('To: fernanda.costa@rotasul.com.br'))).toBe(true);
      expect(
        mails.some((m) => m.includes('To: roberto.nogueira@rotasul.com.br') && m.includes('aguarda sua')),
      ).toBe(true);
      expect(mails.some((m) => m.includes('To: helena.figueiredo@rotasul.com.br'))).toBe(true);
      expect(
        mails.some((m) => m.includes('To: patricia.ramos@rotasul.com.br') && m.includes('aprovada')),
      ).toBe(true);
      expect(await h.t.auditCount(await h.t.userId(DEMO.presidente), 'hr.stage.aprovar')).toBeGreaterThan(0);
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
      const stages = await h.t.db
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
      const rows = await h.t.db
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
      const row = await h.t.db
        .selectFrom('hr_requests')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const { id: _id, ...copy } = row;
      await expect(h.t.db.insertInto('hr_requests').values(copy).execute()).rejects.toThrow();
      await h.t.db.updateTable('hr_requests').set({ status: 10 }).where('id', '=', id).execute();
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
      const source = await h.t.db
        .selectFrom('hr_requests')
        .selectAll()
        .where('id', '=', (await hire(DEMO.gestorCompras)).json<{ id: number }>().id)
        .executeTakeFirstOrThrow();
      const { id: _id, ...copy } = source;
      const { id } = await h.t.db
        .insertInto('hr_requests')
        .values({ ...copy, type_request: 'movement' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await h.t.db
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
      return h.t.as(who)({ method: 'POST', url: '/api/attachment', payload: form });
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
});
