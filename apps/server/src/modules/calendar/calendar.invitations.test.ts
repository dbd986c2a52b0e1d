import { addDays, LIMITS, MSG, toDateOnly } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

interface EventView {
  id: number;
  title: string;
  invitees: { id: number }[];
}

const day = (n: number) => addDays(toDateOnly(new Date()), n);
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A raw .eml's headers unfolded and its quoted-printable body decoded, in UTF-8. */
function parseMail(eml: string) {
  const [head = '', ...rest] = eml.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const encodedWord = /=\?UTF-8\?([QB])\?([^?]*)\?=/gi;
  const rawSubject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const subject = rawSubject
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(encodedWord, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
  const body = Buffer.from(
    rest
      .join('\n\n')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
  return { headers, subject, body };
}

/**
 * Issue 31, finding 6: invitations send e-mail from the company's address, so they are limited per
 * sender (a rolling hour and day) and per event, and the e-mail never lets the title the organiser
 * typed pose as a message of the company.
 */
describe(`calendar invitations: limits and e-mail (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function meeting(author: string, title: string): Promise<number> {
    const res = await t.as(author)({ method: 'POST', url: '/api/event', payload: { title, date: day(9) } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as EventView[]).find((e) => e.title === title)!.id;
  }
  const invite = (author: string, eventId: number, userId: number) =>
    t.as(author)({ method: 'POST', url: `/api/event/${eventId}/invitations`, payload: { userId } });
  /** Invitations made earlier, as if sent `msAgo` ago. */
  async function sentBefore(author: string, eventId: number, count: number, msAgo: number) {
    const by = await t.userId(author);
    const to = await t.userId(DEMO.admin);
    const rows = Array.from({ length: count }, () => ({
      event_id: eventId,
      user_id: to,
      invited_by: by,
      created_at: ago(msAgo),
    }));
    await t.db.insertInto('calendar_invitations_sent').values(rows).execute();
  }
  const sentBy = async (author: string) =>
    (
      await t.db
        .selectFrom('calendar_invitations_sent')
        .select('id')
        .where('invited_by', '=', await t.userId(author))
        .execute()
    ).length;

  it('the subject is the system’s words with the organiser’s name; the title only in the body, attributed', async () => {
    const title = 'URGENTE: redefina sua senha em http://evil.example/login';
    const id = await meeting(DEMO.juridico, title);
    const before = t.outbox().length;
    const res = await invite(DEMO.juridico, id, await t.userId(DEMO.analistaRh));
    expect(res.statusCode, res.body).toBe(200);
    const mails = t.outbox().slice(before).map(parseMail);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Convite para um evento de Luiz Fernando Teixeira');
    expect(mail.headers).not.toContain('evil.example');
    expect(mail.body).toContain(
      'Luiz Fernando Teixeira (matrícula 1008) convidou você para um evento no calendário da intranet.',
    );
    expect(mail.body).toContain(`Título, escrito por Luiz Fernando Teixeira: "${title}"`);
    expect(mail.body).toContain('o título acima é dele, não da empresa');
  });

  it.each([
    ['a line break', 'Reunião\nEquipe de TI: sua senha expirou'],
    ['a carriage return', 'Reunião\rEquipe de TI'],
    ['a bidirectional override', 'Reunião \u202Egol.exe'],
  ])('refuses a title with %s', async (_, title) => {
    const res = await t.as(DEMO.juridico)({
      method: 'POST',
      url: '/api/event',
      payload: { title, date: day(9) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.eventTitleInvalid);
  });

  it('invited again after a withdrawal: no second e-mail, but it counts against the limits', async () => {
    const id = await meeting(DEMO.gestorCompras, 'Cotação de pneus');
    const person = await t.userId(DEMO.gestorMultas);
    const before = t.outbox().length;
    const sent = await sentBy(DEMO.gestorCompras);
    expect((await invite(DEMO.gestorCompras, id, person)).statusCode).toBe(200);
    const withdrawn = await t.as(DEMO.gestorCompras)({
      method: 'DELETE',
      url: `/api/event/${id}/invitations/${person}`,
    });
    expect(withdrawn.statusCode).toBe(200);
    const again = await invite(DEMO.gestorCompras, id, person);
    expect(again.statusCode).toBe(200);
    expect(again.json().invitees.map((p: { id: number }) => p.id)).toEqual([person]);
    expect(t.outbox().length).toBe(before + 1);
    expect(await sentBy(DEMO.gestorCompras)).toBe(sent + 2);
  });

  it('two simultaneous withdrawals of one invitation: one is made (audited once), the other answers 404', async () => {
    const id = await meeting(DEMO.gestorCompras, 'Reunião com fornecedores');
    const person = await t.userId(DEMO.juridico);
    expect((await invite(DEMO.gestorCompras, id, person)).statusCode).toBe(200);
    const author = await t.userId(DEMO.gestorCompras);
    const audits = await t.auditCount(author, 'event.uninvite');
    const withdraw = () =>
      t.as(DEMO.gestorCompras)({ method: 'DELETE', url: `/api/event/${id}/invitations/${person}` });
    const replies = await Promise.all([withdraw(), withdraw()]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(replies.find((r) => r.statusCode === 404)!.json().error).toBe(MSG.eventInviteeNotFound);
    expect(await t.auditCount(author, 'event.uninvite')).toBe(audits + 1);
  });

  it('over the hourly limit: 429 in Portuguese, nothing invited, no e-mail; older invitations count by day', async () => {
    const id = await meeting(DEMO.gestorMultas, 'Auditoria de multas');
    await sentBefore(DEMO.gestorMultas, id, LIMITS.calendarInvitesPerHour, 10 * MINUTE);
    const before = t.outbox().length;
    const person = await t.userId(DEMO.juridico);
    const res = await invite(DEMO.gestorMultas, id, person);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(
      MSG.eventInviteRateLimited(LIMITS.calendarInvitesPerHour, LIMITS.calendarInvitesPerDay),
    );
    expect(t.outbox().length).toBe(before);
    const invited = await t.db
      .selectFrom('calendar_event_invitees')
      .select('user_id')
      .where('event_id', '=', id)
      .execute();
    expect(invited).toEqual([]);
    expect(await sentBy(DEMO.gestorMultas)).toBe(LIMITS.calendarInvitesPerHour);

    // The same invitations two hours old leave the hour free (the day still has room).
    await t.db
      .updateTable('calendar_invitations_sent')
      .set({ created_at: ago(2 * HOUR) })
      .where('invited_by', '=', await t.userId(DEMO.gestorMultas))
      .execute();
    expect((await invite(DEMO.gestorMultas, id, person)).statusCode).toBe(200);
    expect(t.outbox().length).toBe(before + 1);
  });

  it('over the daily limit: 429; invitations older than a day do not count', async () => {
    const id = await meeting(DEMO.analistaRh, 'Integração');
    await sentBefore(DEMO.analistaRh, id, LIMITS.calendarInvitesPerDay, 3 * HOUR);
    const person = await t.userId(DEMO.juridico);
    const res = await invite(DEMO.analistaRh, id, person);
    expect(res.statusCode).toBe(429);
    await t.db
      .updateTable('calendar_invitations_sent')
      .set({ created_at: ago(25 * HOUR) })
      .where('invited_by', '=', await t.userId(DEMO.analistaRh))
      .execute();
    expect((await invite(DEMO.analistaRh, id, person)).statusCode).toBe(200);
  });

  it('simultaneous invitations at the limit, to different events: one is made, the others get 429', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await meeting(DEMO.suporteTi, `Treinamento de sistemas ${i}`));
    await sentBefore(DEMO.suporteTi, ids[0]!, LIMITS.calendarInvitesPerHour - 1, MINUTE);
    const person = await t.userId(DEMO.juridico);
    const replies = await Promise.all(ids.map((id) => invite(DEMO.suporteTi, id, person)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(await sentBy(DEMO.suporteTi)).toBe(LIMITS.calendarInvitesPerHour);
    const invited = await t.db
      .selectFrom('calendar_event_invitees')
      .select('event_id')
      .where('event_id', 'in', ids)
      .execute();
    expect(invited).toHaveLength(1);
  });

  it('an event invites at most the limit of people: the next one gets 409', async () => {
    const id = await meeting(DEMO.admin, 'Reunião geral de líderes');
    const now = new Date().toISOString();
    const inserted = await t.db
      .insertInto('users')
      .values(
        Array.from({ length: LIMITS.calendarEventInviteesMax }, (_, i) => ({
          nome: `Convidado ${i}`,
          senha: 'x',
          matricula: String(7000 + i),
          cpf: String(80_000_000_000 + i),
          email: null,
          tell: null,
          filial: 'Matriz',
          privilegio: 3,
          suport: 0,
          admin: 0,
          foto: null,
          active: 1,
          deactivated_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const admin = await t.userId(DEMO.admin);
    await t.db
      .insertInto('calendar_event_invitees')
      .values(inserted.map((u) => ({ event_id: id, user_id: u.id, invited_by: admin, created_at: now })))
      .execute();
    const res = await invite(DEMO.admin, id, await t.userId(DEMO.juridico));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MSG.eventInviteesFull(LIMITS.calendarEventInviteesMax));
    // Inviting someone already there changes nothing and is not refused.
    expect((await invite(DEMO.admin, id, inserted[0]!.id)).statusCode).toBe(200);
  });
});
