import { MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { hrCalls, PEOPLE, today } from './hr.fixture.ts';

/**
 * Issue 31: nobody approves, denies or advances an HR request he opened or that is about him, at any
 * stage; the stage goes to the substitute an administrator named, or to an administrator, and the
 * screen says so. Substitutes come only from an administrator, never from HR's employee records.
 * Demo: Roberto (1006) is the director, Marcos (1009) his substitute (period next month), Helena
 * (1007) the president (no substitute), Luiz (1008, RH, no support) the jurídico.
 */
describe(`HR segregation of duties (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof hrCalls>;
  beforeAll(async () => {
    t = await buildTestApp();
    c = hrCalls(t, 300);
  });
  afterAll(() => t.close());

  const toDirector = (id: number) =>
    c.through(id, [
      [DEMO.analistaRh, 1],
      [DEMO.analistaRh, 3],
    ]);
  const noteFor = (stage: string, who: string) =>
    `Você abriu esta solicitação: a etapa ${stage} será decidida por ${who}.`;

  it('the director’s own hiring: he may not decide it; his substitute does, for him, and is told by e-mail', async () => {
    const id = await c.hired(DEMO.diretor);
    const mails = t.outbox().length;
    await toDirector(id);
    expect(
      t
        .outbox()
        .slice(mails)
        .some((m) => m.includes('To: marcos.pereira@rotasul.com.br')),
    ).toBe(true);
    expect(
      t
        .outbox()
        .slice(mails)
        .some((m) => m.includes('To: roberto.nogueira@rotasul.com.br')),
    ).toBe(false);

    for (const to of [4, 10]) {
      const refused = await c.stage(DEMO.diretor, id, to);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: MSG.forbidden });
    }
    const mine = await c.detail(DEMO.diretor, id);
    expect(mine.abilities).toEqual({ transitions: [], attachments: false, insertEmployee: false });
    expect(mine.notes).toEqual([noteFor('Diretor', PEOPLE.marcos.name)]);
    expect((await c.detail(DEMO.gestorMultas, id)).abilities.transitions.map((x) => x.to)).toEqual([4, 10]);

    expect((await c.stage(DEMO.gestorMultas, id, 4)).statusCode).toBe(200);
    const after = await c.detail(DEMO.analistaRh, id);
    expect(after.stages.find((s) => s.status === 4)?.type).toBe(
      `${PEOPLE.marcos.name} (no lugar de ${PEOPLE.roberto.name})`,
    );
    expect((await c.detail(DEMO.diretor, id)).notes).toEqual([]);
  });

  it('another’s request at the director’s stage: the director decides, the substitute may not', async () => {
    const id = await c.hired(DEMO.gestorCompras);
    await toDirector(id);
    expect((await c.detail(DEMO.diretor, id)).notes).toEqual([]);
    expect((await c.stage(DEMO.gestorMultas, id, 4)).statusCode).toBe(403);
    expect((await c.stage(DEMO.diretor, id, 4)).statusCode).toBe(200);
    const after = await c.detail(DEMO.analistaRh, id);
    expect(after.stages.find((s) => s.status === 4)?.type).toBe(PEOPLE.roberto.name);
  });

  it('the president’s own hiring (no substitute named): an administrator decides, and the screen says so', async () => {
    const id = await c.hired(DEMO.presidente);
    expect((await c.detail(DEMO.presidente, id)).notes).toEqual([noteFor('Presidente', 'um administrador')]);
    await toDirector(id);
    await c.through(id, [[DEMO.diretor, 4]]);
    for (const who of [DEMO.presidente, DEMO.gestorMultas, DEMO.diretor, DEMO.analistaRh]) {
      expect((await c.stage(who, id, 5)).statusCode, who).toBe(403);
    }
    expect((await c.stage(DEMO.admin, id, 5)).statusCode).toBe(200);
  });

  it('an administrator’s own request: he decides no stage of it either', async () => {
    const id = await c.hired(DEMO.admin);
    expect((await c.stage(DEMO.admin, id, 1)).statusCode).toBe(403);
    await toDirector(id);
    expect((await c.stage(DEMO.admin, id, 4)).statusCode).toBe(403);
    expect((await c.stage(DEMO.diretor, id, 4)).statusCode).toBe(200);
  });

  it('an RH analyst’s own request: another member of the HR team accepts and advances it; no attachments for her', async () => {
    const e = await c.newEmployee();
    const res = await c.dismiss(DEMO.analistaRh, e.registration);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ id: number }>().id;
    expect((await c.stage(DEMO.analistaRh, id, 1)).statusCode).toBe(403);
    const mine = await c.detail(DEMO.analistaRh, id);
    expect(mine.abilities).toEqual({ transitions: [], attachments: false, insertEmployee: false });
    const form = new FormData();
    form.append('request_id', String(id));
    form.append('files', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'a.pdf');
    const attach = await t.as(DEMO.analistaRh)({ method: 'POST', url: '/api/attachment', payload: form });
    expect(attach.statusCode).toBe(403);
    expect((await c.stage(DEMO.juridico, id, 1)).statusCode).toBe(200);
  });

  it('a request about oneself (his employee record by CPF): no stage of it, no attachments', async () => {
    // Luiz (1008) is the jurídico and a member of RH: a dismissal without cause of his employee record.
    const e = await c.newEmployee({ cpf: PEOPLE.luiz.cpf, sector: 'Compras', DateAdmission: '2020-02-03' });
    const res = await c.dismiss(DEMO.gestorCompras, e.registration, 2);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ id: number }>().id;
    expect((await c.stage(DEMO.juridico, id, 1)).statusCode).toBe(403);
    const his = await c.detail(DEMO.juridico, id);
    expect(his.abilities).toEqual({ transitions: [], attachments: false, insertEmployee: false });
    expect(his.notes).toEqual([
      'Esta solicitação é sobre você: a etapa Jurídico será decidida por um administrador.',
    ]);
    await c.through(id, [
      [DEMO.analistaRh, 1],
      [DEMO.analistaRh, 2],
    ]);
    expect((await c.stage(DEMO.juridico, id, 3)).statusCode).toBe(403);
    expect((await c.stage(DEMO.admin, id, 3)).statusCode).toBe(200);
  });

  it('the CPF recorded when the dismissal was made keeps counting after the employee’s CPF is edited', async () => {
    const e = await c.newEmployee({ cpf: PEOPLE.fernanda.cpf, sector: 'Operação' });
    const id = (await c.dismiss(DEMO.diretor, e.registration)).json<{ id: number }>().id;
    const edited = await c.put(DEMO.juridico, '/api/employee', {
      ...e.payload,
      id: e.id,
      cpf: c.employeePayload().cpf,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await c.stage(DEMO.analistaRh, id, 1)).statusCode).toBe(403);
    expect((await c.stage(DEMO.juridico, id, 1)).statusCode).toBe(200);
  });

  it('issue 31’s attack: an RH Colaborador gives the director’s CPF a vacation; nothing moves', async () => {
    // Luiz (1008: RH, no support flag) creates an employee with Roberto's CPF, on vacation from today.
    const e = await c.newEmployee({ cpf: PEOPLE.roberto.cpf, DateAdmission: '2020-01-10' }, DEMO.juridico);
    const vacation = await c.schedule(DEMO.juridico, e.id, today(), 5);
    expect(vacation.statusCode, vacation.body).toBe(200);

    const id = await c.hired(DEMO.gestorCompras);
    const mails = t.outbox().length;
    await toDirector(id);
    const sent = t.outbox().slice(mails);
    expect(sent.some((m) => m.includes('To: roberto.nogueira@rotasul.com.br'))).toBe(true);
    expect(sent.some((m) => m.includes('To: marcos.pereira@rotasul.com.br'))).toBe(false);
    // Roberto still sees the request and is still the one who decides it.
    expect((await c.get(DEMO.diretor, '/api/hr-requests?scope=all')).statusCode).toBe(200);
    expect((await c.detail(DEMO.diretor, id)).abilities.transitions.map((x) => x.to)).toEqual([4, 10]);
    // Marcos's own hiring at the director's stage: decided by Roberto, not by himself.
    const own = await c.hired(DEMO.gestorMultas);
    await toDirector(own);
    expect((await c.stage(DEMO.gestorMultas, own, 4)).statusCode).toBe(403);
    expect((await c.stage(DEMO.gestorMultas, id, 4)).statusCode).toBe(403);
    expect((await c.stage(DEMO.diretor, own, 4)).statusCode).toBe(200);
    expect((await c.stage(DEMO.diretor, id, 4)).statusCode).toBe(200);
    const after = await c.detail(DEMO.analistaRh, id);
    expect(after.stages.find((s) => s.status === 4)?.type).toBe(PEOPLE.roberto.name);
  });
});

describe(`HR dismissals by a manager: his sectors' employees only (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof hrCalls>;
  beforeAll(async () => {
    t = await buildTestApp();
    c = hrCalls(t, 600);
  });
  afterAll(() => t.close());

  it('a Gestor of Faturamento may not open a dismissal for an employee of Operação (404, as unknown)', async () => {
    const operacao = await c.newEmployee({ sector: 'Operação' });
    const faturamento = await c.newEmployee({ sector: 'Faturamento' });
    const notFound = { error: MSG.dismissalRegistrationNotFound };
    for (const [who, e] of [
      [DEMO.presidente, operacao],
      [DEMO.gestorCompras, operacao],
      [DEMO.gestorMultas, faturamento],
    ] as const) {
      const res = await c.dismiss(who, e.registration);
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toEqual(notFound);
      const lookup = await c.get(who, `/api/employee?Registration=${e.registration}`);
      expect(lookup.statusCode).toBe(404);
      expect(lookup.json()).toEqual(notFound);
    }
    const rows = await t.db
      .selectFrom('hr_requests')
      .select('id')
      .where('employee_id', 'in', [operacao.id, faturamento.id])
      .execute();
    expect(rows).toEqual([]);

    expect(
      (await c.get(DEMO.presidente, `/api/employee?Registration=${faturamento.registration}`)).statusCode,
    ).toBe(200);
    expect((await c.dismiss(DEMO.presidente, faturamento.registration)).statusCode).toBe(200);
    // Roberto manages Operação (and Estoque); the HR team dismisses anyone.
    expect((await c.dismiss(DEMO.diretor, operacao.registration)).statusCode).toBe(200);
    const estoque = await c.newEmployee({ sector: 'Estoque' });
    expect((await c.dismiss(DEMO.juridico, estoque.registration)).statusCode).toBe(200);
  });
});

describe(`HR: the requester’s view (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof hrCalls>;
  beforeAll(async () => {
    t = await buildTestApp();
    c = hrCalls(t, 700);
  });
  afterAll(() => t.close());

  it('the requester’s view (view=mine) offers no button and no attachment, whoever opens it (spec §6)', async () => {
    // Fernanda (RH) asks for a hiring; it is approved to the end by the others.
    const id = await c.hired(DEMO.analistaRh);
    await c.through(id, [
      [DEMO.juridico, 1],
      [DEMO.juridico, 3],
      [DEMO.diretor, 4],
      [DEMO.presidente, 5],
    ]);
    const nothing = { transitions: [], attachments: false, insertEmployee: false };
    const fromMine = await c.get(DEMO.analistaRh, `/api/hr-requests/${id}?view=mine`);
    expect(fromMine.statusCode).toBe(200);
    expect(fromMine.json().abilities).toEqual(nothing);
    // From Atendimento RH she inserts the employee of the approved hiring (HR's job, not a decision).
    expect((await c.detail(DEMO.analistaRh, id)).abilities.insertEmployee).toBe(true);

    // An administrator at the director's stage of another's request: buttons from Atendimento RH only.
    const other = await c.hired(DEMO.gestorCompras);
    await c.through(other, [
      [DEMO.analistaRh, 1],
      [DEMO.analistaRh, 3],
    ]);
    expect((await c.detail(DEMO.admin, other)).abilities.transitions.length).toBe(2);
    const adminMine = await c.get(DEMO.admin, `/api/hr-requests/${other}?view=mine`);
    expect(adminMine.json().abilities).toEqual(nothing);
    expect(adminMine.json().attachments).toEqual([]);
  });
});
