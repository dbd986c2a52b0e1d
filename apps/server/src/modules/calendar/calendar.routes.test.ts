import { addDays, gridRange, MSG, monthOf, toDateOnly } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { redactUrl } from '../../platform/redact.ts';

interface EventView {
  id: number;
  title: string;
  event_date: string;
  event_hours: string;
  company: boolean;
  canEdit: boolean;
  invitees: { id: number; name: string; matricula: string }[];
}
interface VacationView {
  id: number;
  userId: number;
  dateStart: string;
  dateEnd: string;
  employeeName: string;
  setor: string | null;
}

// Days relative to today keep the feed window (90 days back, 400 ahead) around them.
const today = toDateOnly(new Date());
const day = (n: number) => addDays(today, n);
const gridOf = (d: string) => gridRange(monthOf(d));

/** The text of an .eml as written by nodemailer (quoted-printable body) in plain UTF-8. */
const decodeMail = (eml: string) =>
  Buffer.from(
    eml
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe(`calendar API (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const events = async (who: string, d: string): Promise<EventView[]> => {
    const res = await t.as(who)({ method: 'GET', url: '/api/event', query: gridOf(d) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const vacations = async (who: string, d: string): Promise<VacationView[]> => {
    const res = await t.as(who)({ method: 'GET', url: '/api/vacation', query: gridOf(d) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const titles = async (who: string, d: string) => (await events(who, d)).map((e) => e.title);

  describe('events', () => {
    it('a support user publishes a company event: the POST answers the month list, everyone sees it', async () => {
      const res = await t.as(DEMO.suporteTi)({
        method: 'POST',
        url: '/api/event',
        payload: {
          title: 'Treinamento de empilhadeira',
          date: day(3),
          hoursOf: '08:00',
          hoursTo: '10:30',
          company: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const list: EventView[] = res.json();
      const saved = list.find((e) => e.title === 'Treinamento de empilhadeira');
      expect(saved).toMatchObject({
        event_date: day(3),
        event_hours: '08:00 às 10:30',
        company: true,
        canEdit: true,
        invitees: [],
      });
      expect(await titles(DEMO.juridico, day(3))).toContain('Treinamento de empilhadeira');
      expect(await titles(DEMO.gestorMultas, day(3))).toContain('Treinamento de empilhadeira');
      expect(await t.auditCount(await t.userId(DEMO.suporteTi), 'event.create')).toBe(1);
    });

    it('a meeting is seen by its author and whom he invites; the invited person gets an e-mail', async () => {
      const created = await t.as(DEMO.juridico)({
        method: 'POST',
        url: '/api/event',
        payload: { title: 'Revisão de contratos', date: day(5), hoursOf: '', hoursTo: '' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const meeting = (created.json() as EventView[]).find((e) => e.title === 'Revisão de contratos')!;
      expect(meeting).toMatchObject({ company: false, event_hours: '' });
      expect(await titles(DEMO.analistaRh, day(5))).not.toContain('Revisão de contratos');

      const before = t.outbox().length;
      const rhId = await t.userId(DEMO.analistaRh);
      const invited = await t.as(DEMO.juridico)({
        method: 'POST',
        url: `/api/event/${meeting.id}/invitations`,
        payload: { userId: rhId },
      });
      expect(invited.statusCode, invited.body).toBe(200);
      expect(invited.json().invitees).toEqual([
        { id: rhId, name: 'Fernanda Oliveira Costa', matricula: DEMO.analistaRh, setor: 'Recursos Humanos' },
      ]);
      expect(await titles(DEMO.analistaRh, day(5))).toContain('Revisão de contratos');
      expect(await titles(DEMO.gestorMultas, day(5))).not.toContain('Revisão de contratos');
      const mails = t.outbox().slice(before).map(decodeMail);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('To: fernanda.costa@rotasul.com.br');
      expect(mails[0]).toContain('convidou você para um evento no calendário da intranet');
      expect(mails[0]).toContain('Título, escrito por Luiz Fernando Teixeira: "Revisão de contratos"');

      // Inviting again changes nothing and sends no second e-mail.
      await t.as(DEMO.juridico)({
        method: 'POST',
        url: `/api/event/${meeting.id}/invitations`,
        payload: { userId: rhId },
      });
      expect(t.outbox().length).toBe(before + 1);

      // The invitee sees it but does not edit it; someone else does not even find it.
      const put = { title: 'Outra coisa', date: day(5), hoursOf: '', hoursTo: '' };
      const byInvitee = await t.as(DEMO.analistaRh)({
        method: 'PUT',
        url: `/api/event/${meeting.id}`,
        payload: put,
      });
      expect(byInvitee.statusCode).toBe(403);
      const byStranger = await t.as(DEMO.gestorMultas)({
        method: 'PUT',
        url: `/api/event/${meeting.id}`,
        payload: put,
      });
      expect(byStranger.statusCode).toBe(404);
      expect(byStranger.json().error).toBe(MSG.eventNotFound);

      const removed = await t.as(DEMO.juridico)({
        method: 'DELETE',
        url: `/api/event/${meeting.id}/invitations/${rhId}`,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().invitees).toEqual([]);
      expect(await titles(DEMO.analistaRh, day(5))).not.toContain('Revisão de contratos');
    });

    it('only support and administrators publish company events', async () => {
      const res = await t.as(DEMO.juridico)({
        method: 'POST',
        url: '/api/event',
        payload: { title: 'Festa', date: day(6), hoursOf: '18:00', hoursTo: '22:00', company: true },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MSG.eventCompanyForbidden);
      expect(await titles(DEMO.juridico, day(6))).not.toContain('Festa');
      // Nor by turning his meeting into one.
      const mine = (await events(DEMO.juridico, day(5))).find((e) => e.title === 'Revisão de contratos')!;
      const put = await t.as(DEMO.juridico)({
        method: 'PUT',
        url: `/api/event/${mine.id}`,
        payload: { title: 'Revisão de contratos', date: day(5), company: true },
      });
      expect(put.statusCode).toBe(403);
      expect(put.json().error).toBe(MSG.eventCompanyForbidden);
      expect(await titles(DEMO.gestorMultas, day(5))).not.toContain('Revisão de contratos');
    });

    it('an event is private unless its author chooses otherwise, also a support user’s (issue 31, finding 7)', async () => {
      for (const author of [DEMO.suporteTi, DEMO.admin]) {
        const title = `PRIVATE-${author} demissão do Hugo`;
        const res = await t.as(author)({
          method: 'POST',
          url: '/api/event',
          payload: { title, date: day(4) },
        });
        expect(res.statusCode, res.body).toBe(201);
        expect((res.json() as EventView[]).find((e) => e.title === title)).toMatchObject({ company: false });
        for (const other of [DEMO.juridico, DEMO.gestorMultas, DEMO.analistaRh])
          expect(await titles(other, day(4))).not.toContain(title);
      }
      // Nor in another person's iCalendar feed.
      const made = await t.as(DEMO.gestorMultas)({ method: 'POST', url: '/api/calendar/feed' });
      const ics = (await t.app.inject({ method: 'GET', url: made.json().path })).body;
      expect(ics).toContain('BEGIN:VCALENDAR');
      expect(ics).not.toContain('PRIVATE-');
    });

    it('the author changes the times after saving the title (the dialog saves on leaving the title)', async () => {
      const created = await t.as(DEMO.analistaRh)({
        method: 'POST',
        url: '/api/event',
        payload: { title: 'Integração de novos colaboradores', date: day(8) },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as EventView[]).find(
        (e) => e.title === 'Integração de novos colaboradores',
      )!.id;
      const res = await t.as(DEMO.analistaRh)({
        method: 'PUT',
        url: `/api/event/${id}`,
        payload: { title: 'Integração de novos colaboradores', date: day(8), hoursOf: '09:00', hoursTo: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Without the choice it stays as it was: private.
      expect(res.json()).toMatchObject({
        event_hours: 'a partir de 09:00',
        hoursOf: '09:00',
        company: false,
      });
    });

    it.each([
      [{ title: '  ', date: day(1) }, MSG.eventTitleRequired],
      [{ title: 'x'.repeat(101), date: day(1) }, MSG.eventTitleTooLong],
      [{ title: 'Reunião', date: day(1), hoursOf: '24:00' }, MSG.eventHourInvalid],
      [{ title: 'Reunião', date: day(1), hoursOf: '09:60' }, MSG.eventHourInvalid],
      [{ title: 'Reunião', date: day(1), hoursOf: '9:00' }, MSG.eventHourInvalid],
      [{ title: 'Reunião', date: day(1), hoursOf: '', hoursTo: '10:00' }, MSG.eventHourStartMissing],
      [{ title: 'Reunião', date: day(1), hoursOf: '10:00', hoursTo: '09:59' }, MSG.eventHoursOrder],
      [{ title: 'Reunião', date: '2026-02-30' }, 'Data inválida (use dd/mm/aaaa).'],
    ])('refuses %o: %s', async (payload, message) => {
      const res = await t.as(DEMO.suporteTi)({ method: 'POST', url: '/api/event', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    });

    it.each([[{ from: day(0) }], [{ from: day(10), to: day(0) }], [{ from: day(0), to: day(366) }]])(
      'refuses the range %o',
      async (query) => {
        const res = await t.as(DEMO.juridico)({ method: 'GET', url: '/api/event', query });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(MSG.calendarRangeInvalid);
      },
    );

    it('lists only the events of the range asked for', async () => {
      const far = addDays(today, 200);
      await t.as(DEMO.suporteTi)({
        method: 'POST',
        url: '/api/event',
        payload: { title: 'Inventário anual', date: far, company: true },
      });
      expect(await titles(DEMO.juridico, far)).toContain('Inventário anual');
      expect(await titles(DEMO.juridico, day(3))).not.toContain('Inventário anual');
      // Without a range: the current month's grid.
      const res = await t.as(DEMO.juridico)({ method: 'GET', url: '/api/event' });
      const shown = (res.json() as EventView[]).map((e) => e.event_date);
      const { from, to } = gridOf(today);
      expect(shown.every((d) => d >= from && d <= to)).toBe(true);
    });

    it('lists people to invite by name or matrícula', async () => {
      const res = await t.as(DEMO.juridico)({
        method: 'GET',
        url: '/api/event/people',
        query: { search: 'fern' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { matricula: string }) => p.matricula)).toEqual([
        DEMO.analistaRh,
        DEMO.juridico,
      ]);
      const byMatricula = await t.as(DEMO.juridico)({
        method: 'GET',
        url: '/api/event/people',
        query: { search: '1009' },
      });
      expect(byMatricula.json()).toEqual([
        expect.objectContaining({
          name: 'Marcos Vinícius Pereira',
          matricula: '1009',
          setor: 'Gestão de Multas',
        }),
      ]);
    });
  });

  describe('vacations', () => {
    it('HR schedules a vacation: end = start + (days − 1), the answer is the new list', async () => {
      const juridicoId = await t.userId(DEMO.juridico);
      const res = await t.as(DEMO.analistaRh)({
        method: 'POST',
        url: '/api/vacation',
        payload: {
          userId: juridicoId,
          userName: 'Nome que o navegador mandou',
          userRegistration: '9999',
          userSector: 'Compras',
          dateStart: day(120),
          dateEnd: day(129),
          vacationDays: 10,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const mine = (res.json() as VacationView[]).find((v) => v.userId === juridicoId);
      // The employee's data come from his record, not from the request.
      expect(mine).toMatchObject({
        dateStart: day(120),
        dateEnd: day(129),
        employeeName: 'Luiz Fernando Teixeira',
        setor: 'Recursos Humanos',
      });
      expect(await t.auditCount(await t.userId(DEMO.analistaRh), 'vacation.schedule')).toBe(1);
    });

    it('is seen by the employee, HR and admins; not by colleagues nor managers of other sectors (LGPD)', async () => {
      const who = async (m: string) => (await vacations(m, day(120))).map((v) => v.employeeName);
      expect(await who(DEMO.juridico)).toContain('Luiz Fernando Teixeira');
      expect(await who(DEMO.analistaRh)).toContain('Luiz Fernando Teixeira');
      expect(await who(DEMO.admin)).toContain('Luiz Fernando Teixeira');
      expect(await who(DEMO.gestorCompras)).not.toContain('Luiz Fernando Teixeira');
      expect(await who(DEMO.suporteTi)).not.toContain('Luiz Fernando Teixeira');
    });

    it('a manager schedules the people of his sectors only, never himself; others cannot schedule', async () => {
      // The director manages Operação and Estoque: the colaborador is his, he is not in his own picker.
      const picker = await t.as(DEMO.diretor)({ method: 'GET', url: '/api/vacation/people' });
      expect(picker.statusCode).toBe(200);
      expect(picker.json().map((p: { matricula: string }) => p.matricula)).toEqual([DEMO.colaborador]);
      const mine = await t.as(DEMO.diretor)({
        method: 'POST',
        url: '/api/vacation',
        payload: { userId: await t.userId(DEMO.colaborador), dateStart: day(150), vacationDays: 5 },
      });
      expect(mine.statusCode, mine.body).toBe(201);
      const other = await t.as(DEMO.gestorCompras)({
        method: 'POST',
        url: '/api/vacation',
        payload: { userId: await t.userId(DEMO.juridico), dateStart: day(150), vacationDays: 5 },
      });
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toBe(MSG.vacationEmployeeNotFound);
      const bySupport = await t.as(DEMO.suporteTi)({ method: 'GET', url: '/api/vacation/people' });
      expect(bySupport.statusCode).toBe(403);
    });

    it.each([
      ['a manager (Gestor), his own sector', DEMO.gestorCompras],
      ['a director', DEMO.diretor],
      ['HR staff', DEMO.analistaRh],
      ['an administrator', DEMO.admin],
    ])('nobody schedules his own vacation: %s gets 403 (issue 31, finding 9)', async (_, who) => {
      const userId = await t.userId(who);
      const res = await t.as(who)({
        method: 'POST',
        url: '/api/vacation',
        payload: { userId, dateStart: day(160), vacationDays: 5 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MSG.vacationOwnForbidden);
      const rows = await t.db
        .selectFrom('calendar_vacations')
        .select('id')
        .where('user_id', '=', userId)
        .where('date_start', '=', day(160))
        .execute();
      expect(rows).toEqual([]);
      const picker = await t.as(who)({ method: 'GET', url: '/api/vacation/people', query: { search: who } });
      expect(picker.json()).toEqual([]);
    });

    it.each([
      [{ dateStart: day(200), vacationDays: 0 }, 400, MSG.vacationDaysInvalid],
      [{ dateStart: day(200), vacationDays: 31 }, 400, MSG.vacationDaysInvalid],
      [{ dateStart: day(200), vacationDays: '10' }, 400, MSG.vacationDaysInvalid],
      [{ dateStart: day(200), vacationDays: '' }, 400, MSG.vacationDaysInvalid],
      [{ dateStart: day(200), dateEnd: day(210), vacationDays: 10 }, 400, MSG.vacationEndMismatch],
      [{ dateStart: day(125), vacationDays: 3 }, 409, MSG.vacationOverlap],
      [{ dateStart: day(110), vacationDays: 11 }, 409, MSG.vacationOverlap],
    ])('refuses %o with %i', async (payload, status, message) => {
      const res = await t.as(DEMO.analistaRh)({
        method: 'POST',
        url: '/api/vacation',
        payload: { userId: await t.userId(DEMO.juridico), ...payload },
      });
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toBe(message);
    });

    it('refuses a vacation without an employee', async () => {
      const res = await t.as(DEMO.analistaRh)({
        method: 'POST',
        url: '/api/vacation',
        payload: { dateStart: day(60), vacationDays: 3 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MSG.vacationEmployeeRequired);
    });
  });

  it('six simultaneous overlapping schedules for one person: one is made, the others get 409', async () => {
    const userId = await t.userId(DEMO.suporteTi);
    const schedule = (start: number, days: number) =>
      t.as(DEMO.admin)({
        method: 'POST',
        url: '/api/vacation',
        payload: { userId, dateStart: day(start), vacationDays: days },
      });
    const replies = await Promise.all([300, 301, 302, 303, 304, 302].map((start) => schedule(start, 5)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.db
      .selectFrom('calendar_vacations')
      .select('id')
      .where('user_id', '=', userId)
      .where('date_start', '>=', day(300))
      .execute();
    expect(rows).toHaveLength(1);
  });

  describe('iCalendar link', () => {
    it('is made, read without a session, replaced and revoked; only its hash is stored', async () => {
      const as = t.as(DEMO.juridico);
      expect((await as({ method: 'GET', url: '/api/calendar/feed' })).json()).toEqual({
        active: false,
        createdAt: null,
      });
      const made = await as({ method: 'POST', url: '/api/calendar/feed' });
      expect(made.statusCode, made.body).toBe(201);
      const { path } = made.json() as { path: string };
      expect(path).toMatch(/^\/api\/calendar\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
      const secret = path.split('/').pop()!.replace('.ics', '');
      const stored = await t.db.selectFrom('calendar_feeds').select('token_hash').execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(secret);
      expect((await as({ method: 'GET', url: '/api/calendar/feed' })).json().active).toBe(true);

      const feed = await t.app.inject({ method: 'GET', url: path });
      expect(feed.statusCode, feed.body).toBe(200);
      expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const ics = feed.body;
      expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
      expect(ics).toContain('SUMMARY:Treinamento de empilhadeira');
      expect(ics).toContain('SUMMARY:Revisão de contratos');
      // His vacation, all day, DTEND the day after the last one.
      const compact = (d: string) => d.replaceAll('-', '');
      expect(ics).toContain(`DTSTART;VALUE=DATE:${compact(day(120))}`);
      expect(ics).toContain(`DTEND;VALUE=DATE:${compact(day(130))}`);
      // 08:00 in São Paulo is 11:00 UTC.
      expect(ics).toContain(`DTSTART:${compact(day(3))}T110000Z`);
      // His two vacations (the demo's and this one), nobody else's (suporteTi's starts 3 days ago).
      expect(ics.match(/SUMMARY:Férias/g)).toHaveLength(2);
      expect(ics).not.toContain(`DTSTART;VALUE=DATE:${compact(day(-3))}`);
      // Without the .ics suffix too.
      expect((await t.app.inject({ method: 'GET', url: `/api/calendar/ical/${secret}` })).statusCode).toBe(
        200,
      );

      const again = await as({ method: 'POST', url: '/api/calendar/feed' });
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
      const newPath = again.json().path as string;
      expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);

      const revoked = await as({ method: 'DELETE', url: '/api/calendar/feed' });
      expect(revoked.json()).toEqual({ active: false, createdAt: null });
      const gone = await t.app.inject({ method: 'GET', url: newPath });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error).toBe(MSG.calendarFeedInvalid);
      expect(await t.auditCount(await t.userId(DEMO.juridico), 'calendar.feed.revoke')).toBe(1);
    });

    it('keeps the secret out of the request log', () => {
      expect(redactUrl('/api/calendar/ical/abcDEF_-123.ics?x=1')).toBe('/api/calendar/ical/[REDACTED]?x=1');
    });
  });
});

describe(`calendar link rate limit (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { calendarFeedPerIp: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(() => t.close());

  it('answers 429 to an address that keeps guessing secrets', async () => {
    const guess = () => t.app.inject({ method: 'GET', url: `/api/calendar/ical/${'a'.repeat(43)}.ics` });
    for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(404);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(MSG.tooManyRequests);
  });
});
