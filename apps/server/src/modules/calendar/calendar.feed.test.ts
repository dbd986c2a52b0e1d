import { MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';

/** The text body of a raw .eml (quoted-printable decoded). */
function mailBody(eml: string): string {
  const [head = '', ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * Issue 31, finding 5: the iCalendar link is a secret that acts as its owner, so it dies with his
 * sessions — when he logs out everywhere, changes or resets his password, or is deactivated — and
 * he makes a new one on the calendar screen.
 */
describe(`iCalendar link ends with the owner's access (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const read = (path: string) => t.app.inject({ method: 'GET', url: path });

  /** Makes the user's link with a fresh session and checks that it works; answers both. */
  async function linkOf(matricula: string) {
    const token = await t.login(matricula);
    const made = await t.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: bearer(token) });
    expect(made.statusCode, made.body).toBe(201);
    const path = made.json<{ path: string }>().path;
    expect((await read(path)).statusCode).toBe(200);
    return { token, path };
  }
  async function expectDead(path: string, userId: number) {
    const gone = await read(path);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(MSG.calendarFeedInvalid);
    const rows = await t.db
      .selectFrom('calendar_feeds')
      .select('user_id')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([]);
  }
  /** The calendar screen shows no active link, and a new one works. */
  async function newLinkWorks(matricula: string, password = DEMO_PASSWORD) {
    const token = await t.login(matricula, password);
    const status = await t.app.inject({ method: 'GET', url: '/api/calendar/feed', headers: bearer(token) });
    expect(status.json()).toEqual({ active: false, createdAt: null });
    const made = await t.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: bearer(token) });
    expect((await read(made.json<{ path: string }>().path)).statusCode).toBe(200);
  }

  it('logging out everywhere ends every session and the link (audited); a new link works', async () => {
    const { token, path } = await linkOf(DEMO.juridico);
    const other = await t.login(DEMO.juridico);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout/everywhere', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    for (const session of [token, other]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) });
      expect(me.statusCode).toBe(401);
    }
    const userId = await t.userId(DEMO.juridico);
    await expectDead(path, userId);
    expect(await t.auditCount(userId, 'logout.everywhere')).toBe(1);
    await newLinkWorks(DEMO.juridico);
  });

  it('links made at once: every request answers, one link is left and it is the one stored', async () => {
    const token = await t.login(DEMO.presidente);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: bearer(token) }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const rows = await t.db
      .selectFrom('calendar_feeds')
      .select('user_id')
      .where('user_id', '=', await t.userId(DEMO.presidente))
      .execute();
    expect(rows).toHaveLength(1);
    const working = await Promise.all(replies.map((r) => read(r.json<{ path: string }>().path)));
    expect(working.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('a plain logout (Sair) keeps the link: calendar apps have no session', async () => {
    const { token, path } = await linkOf(DEMO.gestorCompras);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect((await read(path)).statusCode).toBe(200);
  });

  it('changing one’s own password ends the link (the session that changed it stays)', async () => {
    const { token, path } = await linkOf(DEMO.gestorMultas);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: bearer(token),
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'outra-senha-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectDead(path, await t.userId(DEMO.gestorMultas));
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    await newLinkWorks(DEMO.gestorMultas, 'outra-senha-1');
  });

  it('resetting the password by the e-mailed code ends the link', async () => {
    const { path } = await linkOf(DEMO.suporteTi);
    const before = new Set(t.outbox());
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/sendCode',
          payload: { registration: DEMO.suporteTi },
        })
      ).statusCode,
    ).toBe(200);
    const mail = t.outbox().find((m) => !before.has(m))!;
    const code = /redefinir a senha da intranet é: (\d+)/.exec(mailBody(mail))![1]!;
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/checkCode',
      payload: { registration: DEMO.suporteTi, code },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const cookie = checked.cookies.find((c) => c.name === 'intranet_recovery')!.value;
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/updatepassword',
      payload: { registration: DEMO.suporteTi, password: 'nova-senha-2' },
      cookies: { intranet_recovery: cookie },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectDead(path, await t.userId(DEMO.suporteTi));
    await newLinkWorks(DEMO.suporteTi, 'nova-senha-2');
  });

  it('an administrator setting the password ends the link', async () => {
    const { path } = await linkOf(DEMO.analistaRh);
    const userId = await t.userId(DEMO.analistaRh);
    const res = await t.as(DEMO.admin)({
      method: 'PUT',
      url: '/api/users/password',
      payload: { userId, senha: 'nova-senha-3' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectDead(path, userId);
    await newLinkWorks(DEMO.analistaRh, 'nova-senha-3');
  });

  it('deactivating the owner ends the link for good: enabling the account again does not revive it', async () => {
    const { path } = await linkOf(DEMO.diretor);
    const userId = await t.userId(DEMO.diretor);
    const res = await t.as(DEMO.admin)({ method: 'POST', url: '/api/dropUser', payload: { userId } });
    expect(res.statusCode, res.body).toBe(200);
    await expectDead(path, userId);
    await t.db.updateTable('users').set({ active: 1 }).where('id', '=', userId).execute();
    expect((await read(path)).statusCode).toBe(404);
  });
});
