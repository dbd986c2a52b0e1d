import { APPROVERS_MSG, type ApproverStageRow, HR_SUBSTITUTE_MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptPolicyAsColaborador,
  buildTestApp,
  DEMO,
  TEST_DIALECT,
  type TestApp,
} from '../../../test/harness.ts';
import { daysFromToday, hrCalls } from '../hr/hr.fixture.ts';

const URL = '/api/settings/approvers';

/**
 * The Aprovadores screen's calls (issue 34, decision 0115): who approves each stage, his substitute
 * and the substitute's days; the HR workflow and its e-mails follow them; a stage with nobody waits
 * for the administrators, who are told by e-mail.
 */
describe(`Aprovadores (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof hrCalls>;
  const id: Record<string, number> = {};
  beforeAll(async () => {
    t = await buildTestApp();
    c = hrCalls(t, 600);
    await acceptPolicyAsColaborador(t);
    for (const [k, m] of Object.entries(DEMO)) id[k] = await t.userId(m);
  });
  afterAll(() => t.close());

  const rows = async () => {
    const res = await t.as(DEMO.admin)({ method: 'GET', url: URL });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ApproverStageRow[]>();
  };
  const put = (role: string, payload: Record<string, unknown>) =>
    t.as(DEMO.admin)({ method: 'PUT', url: `${URL}/${role}`, payload });
  const atStage = async (steps: [string, number][]) => {
    const rid = await c.hired(DEMO.gestorCompras);
    await c.through(rid, steps);
    return rid;
  };

  it('lists each stage with the workflow stages it decides (the director also approves purchases)', async () => {
    const all = await rows();
    expect(all.map((r) => [r.role, r.label, r.approver?.matricula, r.warning])).toEqual([
      ['juridico', 'Jurídico', DEMO.juridico, null],
      ['diretor', 'Diretor', DEMO.diretor, null],
      ['presidente', 'Presidente', DEMO.presidente, null],
    ]);
    expect(all[1]?.uses).toEqual([
      'Recursos Humanos: Análise Diretor',
      'Compras: Aguardando aprovação Diretor',
    ]);
  });

  it('refuses a substitute without an approver, the approver as his own substitute, half a period', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ approverId: null, substituteId: id.gestorMultas }, HR_SUBSTITUTE_MSG.noApprover],
      [{ approverId: id.diretor, substituteId: id.diretor }, HR_SUBSTITUTE_MSG.substituteIsApprover],
      [
        { approverId: id.diretor, substituteId: id.gestorMultas, from: daysFromToday(0) },
        HR_SUBSTITUTE_MSG.periodIncomplete,
      ],
      [{ approverId: 99_999, substituteId: null }, APPROVERS_MSG.approverNotFound],
    ];
    for (const [payload, message] of cases) {
      const res = await put('diretor', { substituteId: null, from: null, to: null, ...payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await rows())[1]?.approver?.matricula).toBe(DEMO.diretor);
  });

  it('a substitute acts within his days only, and the stage’s e-mail goes to whoever decides', async () => {
    const rid = await atStage([
      [DEMO.analistaRh, 1],
      [DEMO.analistaRh, 3],
    ]);
    const before = await t.auditCount(id.admin!, 'settings.approvers.set');
    const res = await put('diretor', {
      approverId: id.diretor,
      substituteId: id.gestorMultas,
      from: daysFromToday(-1),
      to: daysFromToday(1),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: APPROVERS_MSG.saved });
    expect(await t.auditCount(id.admin!, 'settings.approvers.set')).toBe(before + 1);
    expect((await rows())[1]).toMatchObject({ onDuty: true, substitute: { matricula: DEMO.gestorMultas } });
    // Within his days the substitute decides; the approver does not.
    expect((await c.stage(DEMO.diretor, rid, 4)).statusCode).toBe(403);
    const mails = t.outbox().length;
    const other = await atStage([
      [DEMO.analistaRh, 1],
      [DEMO.analistaRh, 3],
    ]);
    const marcos = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', id.gestorMultas!)
      .executeTakeFirstOrThrow();
    const sent = t.outbox().slice(mails);
    expect(sent.filter((m) => m.includes('Diretor')).map((m) => /^To: (.*)$/m.exec(m)?.[1])).toEqual([
      marcos.email,
    ]);
    await c.through(rid, [[DEMO.gestorMultas, 4]]);
    // Days past: the approver decides again, the substitute no more.
    await put('diretor', {
      approverId: id.diretor,
      substituteId: id.gestorMultas,
      from: daysFromToday(-10),
      to: daysFromToday(-5),
    });
    expect((await c.stage(DEMO.gestorMultas, other, 4)).statusCode).toBe(403);
    await c.through(other, [[DEMO.diretor, 4]]);
  });

  it('a stage with nobody shows the warning; its requests wait for the administrators, who get the e-mail', async () => {
    const res = await put('presidente', { approverId: null, substituteId: null, from: null, to: null });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rows())[2]).toMatchObject({ approver: null, warning: APPROVERS_MSG.noApprover });
    const mails = t.outbox().length;
    const rid = await atStage([
      [DEMO.analistaRh, 1],
      [DEMO.analistaRh, 3],
      [DEMO.diretor, 4],
    ]);
    const sent = t.outbox().slice(mails);
    const admin = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', id.admin!)
      .executeTakeFirstOrThrow();
    const toAdmin = sent.filter((m) => m.includes(`To: ${admin.email}`) && m.includes('Presidente'));
    expect(toAdmin.length, sent.join('\n----\n')).toBe(1);
    // Quoted-printable: its soft line breaks out, the ASCII words read as written.
    expect(toAdmin[0]?.replace(/=\r?\n/g, '')).toContain('Nenhum aprovador definido para esta etapa');
    const waiting = await t.as(DEMO.admin)({ method: 'GET', url: '/api/hr-requests?scope=all&waiting=1' });
    expect(waiting.json<{ rows: { Id: number }[] }>().rows.map((r) => r.Id)).toContain(rid);
    await c.through(rid, [[DEMO.admin, 5]]);
  });
});
