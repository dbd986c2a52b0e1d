import type { Screens } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';

/**
 * get-sessionData's screens are what each screen's own calls answer: the menus show a way in
 * exactly where the server lets the user through (issue 32). HR approvers are in no RH sector and
 * still open Atendimento RH; a substitute named by an administrator gets it at once.
 */
describe('the screens the session carries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const screens = async (matricula: string) =>
    (await t.as(matricula)({ method: 'GET', url: '/api/get-sessionData' })).json().screens as Screens;

  /** Each screen's first call: 200 when the session says the screen opens, 403 when it says not. */
  const PROBES: [keyof Screens, string][] = [
    ['chamadosAbertos', '/api/calls?scope=open'],
    ['comprasRecebidas', '/api/purchases?scope=received'],
    ['atendimentoRh', '/api/hr-requests?scope=all'],
    ['funcionarios', '/api/employees'],
    ['multas', '/api/fines'],
    ['usuarios', '/api/users?isAlter=1'],
  ];

  it.each(Object.entries(DEMO))(
    '%s (%s): every screen the session offers opens, none other',
    async (_n, who) => {
      const offered = await screens(who);
      for (const [screen, url] of PROBES) {
        const res = await t.as(who)({ method: 'GET', url });
        expect([screen, res.statusCode === 200 ? 'abre' : res.statusCode]).toEqual([
          screen,
          offered[screen] ? 'abre' : 403,
        ]);
      }
    },
  );

  it('the director and the president reach Atendimento RH; a Colaborador of TI does not', async () => {
    expect((await screens(DEMO.diretor)).atendimentoRh).toBe(true);
    expect((await screens(DEMO.presidente)).atendimentoRh).toBe(true);
    expect((await screens(DEMO.juridico)).atendimentoRh).toBe(true);
    expect((await screens(DEMO.suporteTi)).atendimentoRh).toBe(false);
  });

  it('a substitute named by an administrator gets Atendimento RH in his next session read', async () => {
    const ti = await t.db
      .selectFrom('users')
      .select('id')
      .where('matricula', '=', DEMO.suporteTi)
      .executeTakeFirstOrThrow();
    const res = await t.as(DEMO.admin)({
      method: 'PUT',
      url: '/api/hr/substitutes/presidente',
      payload: { substituteId: ti.id, from: null, to: null },
    });
    expect(res.statusCode).toBe(200);
    expect((await screens(DEMO.suporteTi)).atendimentoRh).toBe(true);
    await t.as(DEMO.admin)({
      method: 'PUT',
      url: '/api/hr/substitutes/presidente',
      payload: { substituteId: null, from: null, to: null },
    });
    expect((await screens(DEMO.suporteTi)).atendimentoRh).toBe(false);
  });
});
