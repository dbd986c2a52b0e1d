import type { AddressInfo } from 'node:net';
import { MAIL_SETTINGS_MSG, type MailTestReply } from '@intranet/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

const REFUSED = 'recusado@rotasul.com.br';

/**
 * The E-mail screen's calls (issue 34, decision 0115) against a real SMTP server started here
 * (smtp-server): the sender set on the screen is the From: of what it receives, and the test
 * button answers what the server said — accepted, refused, or unreachable.
 */
describe(`E-mail settings and the test e-mail (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: string[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address === REFUSED) {
          const err = Object.assign(new Error('Caixa postal inexistente'), { responseCode: 550 });
          return callback(err);
        }
        callback();
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback(null, 'Mensagem na fila 4711');
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const admin = () => t.as(DEMO.admin);
  const test = async () => {
    const res = await admin()({ method: 'POST', url: '/api/settings/mail/test' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MailTestReply>();
  };

  it('shows the first values: IT_EMAIL’s default and MAIL_FROM, delivered by SMTP', async () => {
    const res = await admin()({ method: 'GET', url: '/api/settings/mail' });
    expect(res.json()).toEqual({
      itEmail: 'ti@rotasul.com.br',
      mailFrom: 'Intranet <intranet@rotasul.com.br>',
      delivery: 'smtp',
    });
  });

  it('refuses a sender or an IT address that is no e-mail, in Portuguese', async () => {
    for (const [payload, message] of [
      [{ itEmail: 'ti@rotasul.com.br', mailFrom: 'Intranet <sem-arroba>' }, MAIL_SETTINGS_MSG.senderInvalid],
      [{ itEmail: 'ti', mailFrom: 'intranet@rotasul.com.br' }, MAIL_SETTINGS_MSG.itEmailInvalid],
    ] as const) {
      const res = await admin()({ method: 'PUT', url: '/api/settings/mail', payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it('saves both (audited); the policy shows the new IT address and mail leaves with the new sender', async () => {
    const adminId = await t.userId(DEMO.admin);
    const res = await admin()({
      method: 'PUT',
      url: '/api/settings/mail',
      payload: { itEmail: 'suporte@rotasul.com.br', mailFrom: 'Rota Sul Intranet <avisos@rotasul.com.br>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.auditCount(adminId, 'settings.mail.set')).toBe(1);
    const policy = await admin()({ method: 'GET', url: '/api/policy' });
    expect(policy.json<{ itEmail: string }>().itEmail).toBe('suporte@rotasul.com.br');

    const reply = await test();
    const { email } = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(reply).toEqual({
      ok: true,
      to: email,
      message: `O servidor SMTP aceitou o e-mail para ${email}.`,
      response: expect.stringContaining('250 Mensagem na fila 4711'),
    });
    expect(received.at(-1)).toMatch(/^From: Rota Sul Intranet <avisos@rotasul\.com\.br>$/m);
    expect(received.at(-1)).toContain(`To: ${email}`);
  });

  it('answers the SMTP server’s refusal, and the error when it cannot be reached', async () => {
    const adminId = await t.userId(DEMO.admin);
    await t.db.updateTable('users').set({ email: REFUSED }).where('id', '=', adminId).execute();
    const refused = await test();
    expect(refused).toMatchObject({
      ok: false,
      to: REFUSED,
      message: `Falha ao enviar o e-mail de teste para ${REFUSED}.`,
    });
    expect(refused.response).toContain('550 Caixa postal inexistente');

    await t.db.updateTable('users').set({ email: null }).where('id', '=', adminId).execute();
    const none = await admin()({ method: 'POST', url: '/api/settings/mail/test' });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(MAIL_SETTINGS_MSG.noOwnAddress);

    await t.db
      .updateTable('users')
      .set({ email: 'admin@rotasul.com.br' })
      .where('id', '=', adminId)
      .execute();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const down = await test();
    expect(down).toMatchObject({ ok: false, to: 'admin@rotasul.com.br' });
    expect(down.response).toMatch(/ECONNREFUSED|connect/i);
    expect(await t.auditCount(adminId, 'settings.mail.test')).toBe(3);
  });
});
