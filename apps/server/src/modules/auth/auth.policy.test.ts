import { MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

const BANNER_URL = '/api/files/banners/demo-banner-boas-vindas.jpg';
/** Spec §6: the version in force, effective 07/07/2025. */
const POLICY = { version: '2025-07-07', versionLabel: '07/07/2025', itEmail: 'ti@rotasul.com.br' };

describe(`usage policy acceptance (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const userId = (matricula: string) => t.userId(matricula);
  const policyAudits = async (uid: number) =>
    t.db
      .selectFrom('audit_log')
      .select(['entity', 'entity_id'])
      .where('user_id', '=', uid)
      .where('action', '=', 'policy.accept')
      .execute();
  const accepted = async (matricula: string) =>
    (await t.as(matricula)({ method: 'GET', url: '/api/get-sessionData' })).json().policyAccepted as number;
  const accept = (matricula: string, payload: object) =>
    t.as(matricula)({ method: 'PUT', url: '/api/users/policy', payload });

  it('GET /api/policy answers the version, its label and the IT e-mail', async () => {
    const res = await t.as(DEMO.colaborador)({ method: 'GET', url: '/api/policy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(POLICY);
  });

  it.each([
    ['GET', '/api/get-infoText'],
    ['GET', '/api/attach-banner'],
    ['GET', BANNER_URL],
  ] as const)('before accepting, %s %s answers 403 asking for the policy', async (method, url) => {
    const res = await t.as(DEMO.colaborador)({ method, url });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MSG.policyRequired });
  });

  it.each([
    ['GET', '/api/get-sessionData'],
    ['GET', '/api/check-auth'],
    ['GET', '/api/me'],
    ['GET', '/api/policy'],
    ['GET', '/api/getPictureProfile'],
    ['GET', '/api/checkpassword?password=intranet123'],
  ] as const)('before accepting, the session call %s %s works', async (method, url) => {
    const res = await t.as(DEMO.colaborador)({ method, url });
    expect(res.statusCode).toBe(200);
  });

  it('refuses policyAccepted other than 1 and records nothing', async () => {
    const uid = await userId(DEMO.colaborador);
    for (const policyAccepted of [0, 2, '1', true]) {
      const res = await accept(DEMO.colaborador, { userId: uid, policyAccepted });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.policyAcceptError });
    }
    expect(await accepted(DEMO.colaborador)).toBe(0);
    expect(await policyAudits(uid)).toEqual([]);
  });

  it('PUT /api/users/policy {userId, policyAccepted: 1} accepts it: policyAccepted 1, member calls work, audited', async () => {
    const uid = await userId(DEMO.colaborador);
    const res = await accept(DEMO.colaborador, { userId: uid, policyAccepted: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await accepted(DEMO.colaborador)).toBe(1);
    const me = await t.as(DEMO.colaborador)({ method: 'GET', url: '/api/me' });
    expect(me.json().policyAccepted).toBe(1);
    expect(await policyAudits(uid)).toEqual([{ entity: 'policy', entity_id: POLICY.version }]);

    for (const url of ['/api/get-infoText', '/api/attach-banner', BANNER_URL]) {
      expect((await t.as(DEMO.colaborador)({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('does not accept for the other user named in userId', async () => {
    const juridicoId = await userId(DEMO.juridico);
    await t.db.deleteFrom('policy_acceptances').where('user_id', '=', juridicoId).execute();
    expect(await accepted(DEMO.juridico)).toBe(0);

    const res = await accept(DEMO.suporteTi, { userId: juridicoId, policyAccepted: 1 });
    expect(res.statusCode).toBe(200);
    expect(await accepted(DEMO.juridico)).toBe(0);
    expect((await t.as(DEMO.juridico)({ method: 'GET', url: '/api/get-infoText' })).statusCode).toBe(403);
    expect(await policyAudits(juridicoId)).toEqual([]);

    expect((await accept(DEMO.juridico, { policyAccepted: 1 })).statusCode).toBe(200);
    expect(await accepted(DEMO.juridico)).toBe(1);
  });

  it('accepting twice keeps one acceptance of the version', async () => {
    const uid = await userId(DEMO.analistaRh);
    expect((await accept(DEMO.analistaRh, { policyAccepted: 1 })).statusCode).toBe(200);
    expect((await accept(DEMO.analistaRh, { policyAccepted: 1 })).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('policy_acceptances')
      .select('policy_version')
      .where('user_id', '=', uid)
      .execute();
    expect(rows).toEqual([{ policy_version: POLICY.version }]);
  });

  it('a new policy version asks everyone again', async () => {
    await t.db
      .updateTable('settings')
      .set({ value: '2026-03-01' })
      .where('key', '=', 'policy_version')
      .execute();

    const policy = await t.as(DEMO.admin)({ method: 'GET', url: '/api/policy' });
    expect(policy.json()).toEqual({ ...POLICY, version: '2026-03-01', versionLabel: '01/03/2026' });
    for (const matricula of [DEMO.admin, DEMO.colaborador, DEMO.gestorCompras]) {
      expect(await accepted(matricula)).toBe(0);
    }
    const refused = await t.as(DEMO.admin)({ method: 'GET', url: '/api/get-infoText' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: MSG.policyRequired });

    const uid = await userId(DEMO.admin);
    expect((await accept(DEMO.admin, { userId: uid, policyAccepted: 1 })).statusCode).toBe(200);
    expect(await accepted(DEMO.admin)).toBe(1);
    expect((await t.as(DEMO.admin)({ method: 'GET', url: '/api/get-infoText' })).statusCode).toBe(200);
    expect(await policyAudits(uid)).toEqual([{ entity: 'policy', entity_id: '2026-03-01' }]);
    // The others still have to accept the new version.
    expect(await accepted(DEMO.colaborador)).toBe(0);
  });
});

describe(`IT e-mail of the policy from IT_EMAIL (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { IT_EMAIL: 'suporte.ti@rotasul.com.br' } });
  });
  afterAll(() => t.close());

  it('GET /api/policy answers the configured address', async () => {
    const res = await t.as(DEMO.colaborador)({ method: 'GET', url: '/api/policy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...POLICY, itEmail: 'suporte.ti@rotasul.com.br' });
  });
});
