import { HR_SUBSTITUTE_MSG, MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { daysFromToday, hrCalls, PEOPLE } from './hr.fixture.ts';

interface Row {
  role: string;
  label: string;
  approver: { userId: number; name: string; matricula: string } | null;
  substitute: { userId: number; name: string; matricula: string } | null;
  from: string | null;
  to: string | null;
  onDuty: boolean;
}

/**
 * GET/PUT /api/hr/substitutes: an administrator names, per approval stage, the substitute and the
 * days he decides instead of the approver (issue 31). Nobody else reads or changes it.
 */
describe(`HR approvers' substitutes (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof hrCalls>;
  let marcos: number;
  beforeAll(async () => {
    t = await buildTestApp();
    c = hrCalls(t, 400);
    marcos = await t.userId(DEMO.gestorMultas);
  });
  afterAll(() => t.close());

  const rows = async () => {
    const res = await c.get(DEMO.admin, '/api/hr/substitutes');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Row[]>();
  };
  const atDirector = async (requester: string) => {
    const id = await c.hired(requester);
    await c.through(id, [
      [DEMO.analistaRh, 1],
      [DEMO.analistaRh, 3],
    ]);
    return id;
  };

  it('shows each approval stage with its approver and the demo’s substitute (period next month)', async () => {
    const all = await rows();
    expect(all.map((r) => [r.role, r.label, r.approver?.matricula])).toEqual([
      ['juridico', 'Jurídico', DEMO.juridico],
      ['diretor', 'Diretor', DEMO.diretor],
      ['presidente', 'Presidente', DEMO.presidente],
    ]);
    expect(all[1]).toMatchObject({
      substitute: { userId: marcos, name: PEOPLE.marcos.name, matricula: DEMO.gestorMultas },
      from: daysFromToday(30),
      to: daysFromToday(44),
      onDuty: false,
    });
    expect(all[0]?.substitute).toBeNull();
  });

  it.each([
    ['a Colaborador of RH (jurídico)', DEMO.juridico],
    ['an RH analyst (support)', DEMO.analistaRh],
    ['the director himself', DEMO.diretor],
    ['his substitute', DEMO.gestorMultas],
  ])('is refused to %s, who changes nothing', async (_n, who) => {
    const read = await c.get(who, '/api/hr/substitutes');
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ error: MSG.forbidden });
    const write = await c.setSubstitute(who, 'diretor', {
      substituteId: await t.userId(who),
      from: null,
      to: null,
    });
    expect(write.statusCode).toBe(403);
    expect((await rows())[1]?.substitute?.userId).toBe(marcos);
  });

  it.each([
    [
      'a period without its end',
      { substituteId: 9, from: daysFromToday(1), to: null },
      HR_SUBSTITUTE_MSG.periodIncomplete,
    ],
    [
      'an end before the start',
      { substituteId: 9, from: daysFromToday(5), to: daysFromToday(4) },
      HR_SUBSTITUTE_MSG.periodOrder,
    ],
    [
      'days without a substitute',
      { substituteId: null, from: daysFromToday(1), to: daysFromToday(2) },
      HR_SUBSTITUTE_MSG.periodWithoutSubstitute,
    ],
    [
      'a substitute that is no id',
      { substituteId: '1009', from: null, to: null },
      HR_SUBSTITUTE_MSG.substituteInvalid,
    ],
    [
      'an invalid date',
      { substituteId: 9, from: '2026-02-30', to: '2026-03-02' },
      'Data inválida (use dd/mm/aaaa).',
    ],
    [
      'an unknown user',
      { substituteId: 999_999, from: null, to: null },
      HR_SUBSTITUTE_MSG.substituteNotFound,
    ],
  ])('refuses %s with a Portuguese message', async (_n, body, message) => {
    const res = await c.setSubstitute(DEMO.admin, 'diretor', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it('refuses an unknown stage and the approver as his own substitute', async () => {
    const unknown = await c.setSubstitute(DEMO.admin, 'rh', { substituteId: marcos, from: null, to: null });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: HR_SUBSTITUTE_MSG.roleUnknown });
    const self = await c.setSubstitute(DEMO.admin, 'diretor', {
      substituteId: await t.userId(DEMO.diretor),
      from: null,
      to: null,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: HR_SUBSTITUTE_MSG.substituteIsApprover });
  });

  it('within the period the substitute decides every director stage, for the director; after it, the director again', async () => {
    const admin = await t.userId(DEMO.admin);
    const audited = await t.auditCount(admin, 'hr.substitute.set');
    const set = await c.setSubstitute(DEMO.admin, 'diretor', {
      substituteId: marcos,
      from: daysFromToday(-1),
      to: daysFromToday(3),
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ success: true, message: HR_SUBSTITUTE_MSG.saved });
    expect(await t.auditCount(admin, 'hr.substitute.set')).toBe(audited + 1);
    expect((await rows())[1]?.onDuty).toBe(true);

    const id = await atDirector(DEMO.gestorCompras);
    // The director still follows the request; he does not decide it.
    expect((await c.detail(DEMO.diretor, id)).abilities.transitions).toEqual([]);
    expect((await c.stage(DEMO.diretor, id, 4)).statusCode).toBe(403);
    expect((await c.stage(DEMO.gestorMultas, id, 4)).statusCode).toBe(200);
    const stages = (await c.detail(DEMO.analistaRh, id)).stages;
    expect(stages.find((s) => s.status === 4)?.type).toBe(
      `${PEOPLE.marcos.name} (no lugar de ${PEOPLE.roberto.name})`,
    );
    // His own request, within his period: an administrator decides it.
    const own = await atDirector(DEMO.gestorMultas);
    expect((await c.detail(DEMO.gestorMultas, own)).notes).toEqual([
      'Você abriu esta solicitação: a etapa Diretor será decidida por um administrador.',
    ]);
    expect((await c.stage(DEMO.gestorMultas, own, 4)).statusCode).toBe(403);
    expect((await c.stage(DEMO.diretor, own, 4)).statusCode).toBe(403);
    expect((await c.stage(DEMO.admin, own, 4)).statusCode).toBe(200);

    const over = await c.setSubstitute(DEMO.admin, 'diretor', {
      substituteId: marcos,
      from: daysFromToday(-10),
      to: daysFromToday(-1),
    });
    expect(over.statusCode).toBe(200);
    const next = await atDirector(DEMO.gestorCompras);
    expect((await c.stage(DEMO.gestorMultas, next, 4)).statusCode).toBe(403);
    expect((await c.stage(DEMO.diretor, next, 4)).statusCode).toBe(200);
  });

  it('removed, the substitute neither decides nor follows; the director’s own request waits for an administrator', async () => {
    const removed = await c.setSubstitute(DEMO.admin, 'diretor', { substituteId: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: HR_SUBSTITUTE_MSG.removed });
    expect((await rows())[1]).toMatchObject({ substitute: null, from: null, to: null, onDuty: false });
    expect((await c.get(DEMO.gestorMultas, '/api/hr-requests?scope=all')).statusCode).toBe(403);

    const own = await atDirector(DEMO.diretor);
    expect((await c.detail(DEMO.diretor, own)).notes).toEqual([
      'Você abriu esta solicitação: a etapa Diretor será decidida por um administrador.',
    ]);
    expect((await c.stage(DEMO.diretor, own, 4)).statusCode).toBe(403);
    expect((await c.stage(DEMO.gestorMultas, own, 4)).statusCode).toBe(404);
    expect((await c.stage(DEMO.admin, own, 4)).statusCode).toBe(200);
    expect(await t.auditCount(await t.userId(DEMO.admin), 'hr.substitute.remove')).toBe(1);
  });
});
