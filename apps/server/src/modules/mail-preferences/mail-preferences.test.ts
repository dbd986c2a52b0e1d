import path from 'node:path';
import {
  MAIL_PREFERENCES_MSG,
  type MailPreferences,
  type PendenciasListReply,
  toDateOnly,
} from '@intranet/contracts';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptPolicyAsColaborador,
  buildTestApp,
  DEMO,
  TEST_DIALECT,
  type TestApp,
} from '../../../test/harness.ts';
import { mailBody, mailTo } from '../../../test/mail-body.ts';
import { loadConfig } from '../../config.ts';
import { type DatabaseHandle, type Db, openDatabase } from '../../db/database.ts';
import { createMailer } from '../../platform/mail.ts';
import { sendDailyDigests } from './mail-preferences.digest.ts';
import { claimDigest } from './mail-preferences.queries.ts';

const URL = '/api/me/notificacoes';
const LUIZ = 'luiz.teixeira@rotasul.com.br'; // DEMO.juridico
const DAY_MS = 86_400_000;

describe(`e-mail notifications: mutes and the daily digest (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    t = await buildTestApp();
    await acceptPolicyAsColaborador(t);
  });
  afterAll(() => t.close());

  const save = (matricula: string, payload: object) => t.as(matricula)({ method: 'PUT', url: URL, payload });
  const read = async (matricula: string) =>
    (await t.as(matricula)({ method: 'GET', url: URL })).json<MailPreferences>();
  /** What reached the outbox for `email` while `act` ran. */
  const mailsDuring = async (email: string, act: () => Promise<unknown>) => {
    const before = new Set(t.outbox());
    await act();
    return t.outbox().filter((m) => !before.has(m) && mailTo(m, email));
  };
  /** A second connection pool on the test database: another process or server. */
  const otherHandle = (): DatabaseHandle =>
    openDatabase({ databaseUrl: t.databaseUrl, sqliteFile: t.databaseUrl ? '' : t.sqliteFile });
  const mailer = () =>
    createMailer({
      smtpUrl: undefined,
      from: async () => 'Intranet <intranet@rotasul.com.br>',
      outboxDir: path.join(t.dataDir, 'outbox'),
      log,
    });
  const digestRun = (db: Db, now: Date) =>
    sendDailyDigests(
      { db, mailer: mailer(), config: { publicUrl: 'https://intranet.rotasul.com.br' }, log },
      now,
    );

  it('each person reads and sets only his own; off and nothing muted by default; Portuguese 400s', async () => {
    expect(await read(DEMO.juridico)).toEqual({ dailyDigest: false, muted: [] });
    const saved = await save(DEMO.juridico, { dailyDigest: true, muted: ['rh', 'chamados'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: MAIL_PREFERENCES_MSG.saved });
    expect(await read(DEMO.juridico)).toEqual({ dailyDigest: true, muted: ['chamados', 'rh'] });
    expect(await read(DEMO.suporteTi)).toEqual({ dailyDigest: false, muted: [] });
    expect(await t.auditCount(await t.userId(DEMO.juridico), 'user.mail_preferences')).toBe(1);

    for (const [payload, message] of [
      [{ dailyDigest: true, muted: ['multas'] }, MAIL_PREFERENCES_MSG.moduleInvalid],
      [{ dailyDigest: true, muted: ['rh', 'rh'] }, MAIL_PREFERENCES_MSG.moduleRepeated],
      [{ dailyDigest: 'sim', muted: [] }, MAIL_PREFERENCES_MSG.digestInvalid],
      [{ dailyDigest: false }, MAIL_PREFERENCES_MSG.mutedInvalid],
    ] as const) {
      const res = await save(DEMO.juridico, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await read(DEMO.juridico)).toEqual({ dailyDigest: true, muted: ['chamados', 'rh'] });
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it("a mute of Chamados stops the calls' e-mails only: invitations and recovery codes still arrive", async () => {
    expect((await save(DEMO.juridico, { dailyDigest: false, muted: ['chamados'] })).statusCode).toBe(200);
    const opened = await t.as(DEMO.juridico)({
      method: 'POST',
      url: '/api/insertCall',
      payload: {
        problem: 'Computador',
        descript: 'Não liga.',
        dep: 'Tecnologia de Informacao',
        filial: 'Matriz',
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json<{ id: number }>().id;
    const setCall = (status: number) =>
      t.as(DEMO.suporteTi)({ method: 'PUT', url: '/api/setCall', payload: { id, status } });
    expect(await mailsDuring(LUIZ, async () => expect((await setCall(1)).statusCode).toBe(200))).toEqual([]);

    const event = await t.as(DEMO.analistaRh)({
      method: 'POST',
      url: '/api/event',
      payload: {
        title: 'Integração',
        date: toDateOnly(new Date(Date.now() + 5 * DAY_MS)),
        hoursOf: '',
        hoursTo: '',
      },
    });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = (event.json() as { id: number; title: string }[]).find(
      (e) => e.title === 'Integração',
    )!.id;
    const invited = await mailsDuring(LUIZ, async () => {
      const res = await t.as(DEMO.analistaRh)({
        method: 'POST',
        url: `/api/event/${eventId}/invitations`,
        payload: { userId: await t.userId(DEMO.juridico) },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(invited).toHaveLength(1);

    const recovery = await mailsDuring(LUIZ, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sendCode',
        payload: { registration: DEMO.juridico },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(recovery).toHaveLength(1);
    expect(mailBody(recovery[0]!)).toMatch(/redefinir a senha da intranet é: \d{6}/);

    // Unmuted, the same kind of e-mail arrives again.
    expect((await save(DEMO.juridico, { dailyDigest: false, muted: [] })).statusCode).toBe(200);
    expect(
      await mailsDuring(LUIZ, async () => expect((await answerCall(id)).statusCode).toBe(200)),
    ).toHaveLength(1);
  });
  const answerCall = (id: number) =>
    t.as(DEMO.suporteTi)({ method: 'POST', url: `/api/calls/${id}/answers`, payload: { msg: 'Reinicie.' } });

  /** The first page of a person's Minhas pendências, as /pendencias shows it. */
  const pendencias = async (matricula: string) =>
    (await t.as(matricula)({ method: 'GET', url: '/api/pendencias' })).json<PendenciasListReply>();
  const emailOf = async (matricula: string) =>
    (
      await t.db
        .selectFrom('users')
        .select('email')
        .where('matricula', '=', matricula)
        .executeTakeFirstOrThrow()
    ).email!;
  const everyone = Object.values(DEMO);
  /** Everyone but the Compras manager (who has requests waiting) turns the digest on. */
  const subscribers = everyone.filter((m) => m !== DEMO.gestorCompras);

  it('the digest goes to each subscriber with something waiting, listing his pendências; nobody else', async () => {
    for (const m of everyone)
      expect(
        (await save(m, { dailyDigest: m !== DEMO.gestorCompras, muted: ['chamados', 'compras'] })).statusCode,
      ).toBe(200);
    const waiting = new Map<string, PendenciasListReply>();
    for (const m of everyone) waiting.set(m, await pendencias(m));
    expect(waiting.get(DEMO.gestorCompras)!.rows.length).toBeGreaterThan(0);
    const expected = subscribers.filter((m) => waiting.get(m)!.rows.length > 0);
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(subscribers.length);

    const before = new Set(t.outbox());
    expect(await digestRun(t.db, new Date())).toBe(expected.length);
    const fresh = t.outbox().filter((m) => !before.has(m));
    expect(fresh).toHaveLength(expected.length);
    for (const m of expected) {
      const email = await emailOf(m);
      const mails = fresh.filter((eml) => mailTo(eml, email));
      expect(mails, m).toHaveLength(1);
      const body = mailBody(mails[0]!);
      const page = waiting.get(m)!;
      for (const row of page.rows) {
        expect(body).toContain(row.title);
        expect(body).toContain(`https://intranet.rotasul.com.br${row.href}`);
      }
      expect(body).toContain('Veja todas em Minhas pendências: https://intranet.rotasul.com.br/pendencias');
    }
    const gestor = await emailOf(DEMO.gestorCompras);
    expect(fresh.some((eml) => mailTo(eml, gestor))).toBe(false);

    // The same day again sends nothing: each person's digest of a day is claimed once.
    const again = t.outbox().length;
    expect(await digestRun(t.db, new Date())).toBe(0);
    expect(t.outbox().length).toBe(again);
  });

  it('several processes running the same day at once send each digest once', async () => {
    const tomorrow = new Date(Date.now() + DAY_MS);
    const handles = [otherHandle(), otherHandle(), otherHandle()];
    try {
      const before = new Set(t.outbox());
      const sent = await Promise.all(
        [t.db, ...handles.map((h) => h.db)].map((db) => digestRun(db, tomorrow)),
      );
      const fresh = t.outbox().filter((m) => !before.has(m));
      const recipients = fresh.map((eml) => /^To: (.+)$/m.exec(eml)?.[1]);
      expect(new Set(recipients).size).toBe(recipients.length);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(fresh.length);
      expect(fresh.length).toBeGreaterThan(1);
    } finally {
      for (const h of handles) await h.close();
    }
  });

  it('the digest hour is DIGEST_HOUR (default 7, São Paulo time); another value is refused in Portuguese', () => {
    expect(loadConfig({}).digestHour).toBe(7);
    expect(loadConfig({ DIGEST_HOUR: '6' }).digestHour).toBe(6);
    expect(() => loadConfig({ DIGEST_HOUR: '24' })).toThrow('DIGEST_HOUR deve ser uma hora de 0 a 23');
  });

  it.runIf(TEST_DIALECT === 'postgres')(
    'PostgreSQL: a claim waits for a concurrent uncommitted claim of the same day and then loses',
    async () => {
      const day = '2099-01-01';
      const uid = await t.userId(DEMO.juridico);
      const other = otherHandle();
      try {
        let racing: Promise<boolean> | undefined;
        await t.db.transaction().execute(async (tx) => {
          expect(await claimDigest(tx, day, uid, new Date().toISOString())).toBe(true);
          racing = claimDigest(other.db, day, uid, new Date().toISOString());
          // The other connection's insert blocks on this transaction's row until it commits.
          await waitForLockWaiter(t.db);
        });
        expect(await racing).toBe(false);
        // A claim whose transaction rolls back leaves the day to the next one.
        const next = '2099-01-02';
        await expect(
          t.db.transaction().execute(async (tx) => {
            await claimDigest(tx, next, uid, new Date().toISOString());
            throw new Error('desfeito');
          }),
        ).rejects.toThrow('desfeito');
        expect(await claimDigest(other.db, next, uid, new Date().toISOString())).toBe(true);
      } finally {
        await other.close();
      }
    },
  );
});

/** Until a backend of this database waits on a lock (the racing insert); no fixed sleep. */
async function waitForLockWaiter(db: Db): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (Number(rows[0]?.n ?? 0) > 0) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('o segundo pedido não esperou pelo primeiro');
}
