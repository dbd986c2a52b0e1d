import { addDays, CALENDAR_MSG, gridRange, MSG, monthOf, toDateOnly } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';

/**
 * Issue 32: saved calendar entries are changed and deleted by whom the calendar policy allows
 * (calendar.policy.ts#canDeleteEvent, #canChangeVacation), each change audited; the refused cases
 * answer 403 (his own vacation, an invitee deleting a meeting) or 404 (what he may not see).
 */
describe(`calendar: changing and deleting saved entries (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const today = toDateOnly(new Date());
  const day = (n: number) => addDays(today, n);
  const grid = (d: string) => gridRange(monthOf(d));

  interface EventView {
    id: number;
    title: string;
    canEdit: boolean;
  }
  interface VacationView {
    id: number;
    userId: number;
    dateStart: string;
    dateEnd: string;
    vacationDays: number;
    canEdit: boolean;
  }

  const createEvent = async (who: string, title: string, date: string, company = false) => {
    const res = await t.as(who)({
      method: 'POST',
      url: '/api/event',
      payload: { title, date, hoursOf: '08:00', hoursTo: '09:00', company },
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<EventView[]>().find((e) => e.title === title);
    if (!saved) throw new Error(title);
    return saved.id;
  };
  const eventTitles = async (who: string, date: string) => {
    const res = await t.as(who)({ method: 'GET', url: '/api/event', query: grid(date) });
    expect(res.statusCode).toBe(200);
    return res.json<EventView[]>().map((e) => e.title);
  };
  const deleteEvent = (who: string, id: number) => t.as(who)({ method: 'DELETE', url: `/api/event/${id}` });

  const schedule = async (who: string, matricula: string, dateStart: string, vacationDays: number) => {
    const userId = await t.userId(matricula);
    const res = await t.as(who)({
      method: 'POST',
      url: '/api/vacation',
      payload: { userId, dateStart, vacationDays },
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<VacationView[]>().find((v) => v.userId === userId && v.dateStart === dateStart);
    if (!saved) throw new Error('vacation not in the answer');
    return saved;
  };
  const vacationsOf = async (who: string, date: string) => {
    const res = await t.as(who)({ method: 'GET', url: '/api/vacation', query: grid(date) });
    expect(res.statusCode).toBe(200);
    return res.json<VacationView[]>();
  };
  const change = (who: string, id: number, payload: object) =>
    t.as(who)({ method: 'PUT', url: `/api/vacation/${id}`, payload });
  const deleteVacation = (who: string, id: number) =>
    t.as(who)({ method: 'DELETE', url: `/api/vacation/${id}` });

  describe('events', () => {
    it('the author deletes his meeting: nobody sees it any more, the deletion is audited', async () => {
      const date = day(5);
      const id = await createEvent(DEMO.juridico, 'Reunião para excluir', date);
      const invited = await t.userId(DEMO.gestorMultas);
      const inv = await t.as(DEMO.juridico)({
        method: 'POST',
        url: `/api/event/${id}/invitations`,
        payload: { userId: invited },
      });
      expect(inv.statusCode, inv.body).toBe(200);
      expect(await eventTitles(DEMO.gestorMultas, date)).toContain('Reunião para excluir');

      // The invitee sees it but may not delete it; who does not see it gets 404.
      expect((await deleteEvent(DEMO.gestorMultas, id)).statusCode).toBe(403);
      expect((await deleteEvent(DEMO.suporteTi, id)).statusCode).toBe(404);
      expect((await deleteEvent(DEMO.admin, id)).statusCode).toBe(404);

      const author = await t.userId(DEMO.juridico);
      const audited = await t.auditCount(author, 'event.delete');
      const res = await deleteEvent(DEMO.juridico, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: CALENDAR_MSG.eventDeleted });
      expect(await t.auditCount(author, 'event.delete')).toBe(audited + 1);
      expect(await eventTitles(DEMO.juridico, date)).not.toContain('Reunião para excluir');
      expect(await eventTitles(DEMO.gestorMultas, date)).not.toContain('Reunião para excluir');

      // Gone: a second deletion, an edit or an invitation answer 404.
      expect((await deleteEvent(DEMO.juridico, id)).statusCode).toBe(404);
      const edit = await t.as(DEMO.juridico)({
        method: 'PUT',
        url: `/api/event/${id}`,
        payload: { title: 'De volta', date },
      });
      expect(edit.statusCode).toBe(404);
      expect(edit.json()).toEqual({ error: MSG.eventNotFound });
    });

    it('the invitations it sent still count for the sender’s limits after the deletion', async () => {
      const id = await createEvent(DEMO.juridico, 'Reunião com convites', day(6));
      const author = await t.userId(DEMO.juridico);
      const invite = await t.as(DEMO.juridico)({
        method: 'POST',
        url: `/api/event/${id}/invitations`,
        payload: { userId: await t.userId(DEMO.suporteTi) },
      });
      expect(invite.statusCode).toBe(200);
      const sent = () =>
        t.db
          .selectFrom('calendar_invitations_sent')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('invited_by', '=', author)
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n));
      const before = await sent();
      expect((await deleteEvent(DEMO.juridico, id)).statusCode).toBe(200);
      expect(await sent()).toBe(before);
    });

    it('an administrator deletes a company event of someone else; the author of another’s event may not', async () => {
      const date = day(7);
      const id = await createEvent(DEMO.suporteTi, 'Evento da empresa para excluir', date, true);
      expect((await deleteEvent(DEMO.juridico, id)).statusCode).toBe(403);
      expect((await deleteEvent(DEMO.analistaRh, id)).statusCode).toBe(403);
      expect((await deleteEvent(DEMO.admin, id)).statusCode).toBe(200);
      expect(await eventTitles(DEMO.juridico, date)).not.toContain('Evento da empresa para excluir');
    });

    it('an id that is not a number is refused in Portuguese', async () => {
      const res = await deleteEvent(DEMO.juridico, Number.NaN);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.eventNotFound });
    });
  });

  describe('vacations', () => {
    it('HR changes the period of a vacation it scheduled; the answer and the month show it; audited', async () => {
      const v = await schedule(DEMO.analistaRh, DEMO.gestorMultas, day(40), 10);
      expect(v.canEdit).toBe(true);
      const hr = await t.userId(DEMO.analistaRh);
      const audited = await t.auditCount(hr, 'vacation.update');
      const res = await change(DEMO.analistaRh, v.id, { dateStart: day(41), vacationDays: 5 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<VacationView>()).toMatchObject({
        id: v.id,
        dateStart: day(41),
        dateEnd: day(45),
        vacationDays: 5,
        canEdit: true,
      });
      expect(await t.auditCount(hr, 'vacation.update')).toBe(audited + 1);
      const listed = (await vacationsOf(DEMO.analistaRh, day(41))).find((x) => x.id === v.id);
      expect(listed).toMatchObject({ dateStart: day(41), dateEnd: day(45) });
    });

    it('refuses an overlap with his other vacation, a wrong end and bad days, in Portuguese', async () => {
      const first = await schedule(DEMO.analistaRh, DEMO.gestorMultas, day(100), 5);
      const second = await schedule(DEMO.analistaRh, DEMO.gestorMultas, day(110), 5);
      const overlap = await change(DEMO.analistaRh, second.id, { dateStart: day(102), vacationDays: 5 });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json()).toEqual({ error: MSG.vacationOverlap });
      // Its own old period is no overlap.
      const self = await change(DEMO.analistaRh, first.id, { dateStart: day(101), vacationDays: 5 });
      expect(self.statusCode, self.body).toBe(200);
      const wrongEnd = await change(DEMO.analistaRh, first.id, {
        dateStart: day(101),
        vacationDays: 5,
        dateEnd: day(110),
      });
      expect(wrongEnd.statusCode).toBe(400);
      expect(wrongEnd.json()).toEqual({ error: MSG.vacationEndMismatch });
      for (const vacationDays of [0, 31, '']) {
        const bad = await change(DEMO.analistaRh, first.id, { dateStart: day(101), vacationDays });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ error: MSG.vacationDaysInvalid });
      }
    });

    it('nobody changes or deletes his own; who may not see it gets 404; an administrator may', async () => {
      const v = await schedule(DEMO.analistaRh, DEMO.gestorMultas, day(150), 10);
      // Marcos sees his own vacation, without Editar/Excluir.
      const own = (await vacationsOf(DEMO.gestorMultas, day(150))).find((x) => x.id === v.id);
      expect(own?.canEdit).toBe(false);
      for (const refused of [
        await change(DEMO.gestorMultas, v.id, { dateStart: day(151), vacationDays: 10 }),
        await deleteVacation(DEMO.gestorMultas, v.id),
      ]) {
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ error: CALENDAR_MSG.vacationOwnChangeForbidden });
      }
      // Managers of other sectors and support of another sector do not see it at all.
      for (const who of [DEMO.gestorCompras, DEMO.presidente, DEMO.suporteTi]) {
        expect((await change(who, v.id, { dateStart: day(151), vacationDays: 10 })).statusCode).toBe(404);
        expect((await deleteVacation(who, v.id)).statusCode).toBe(404);
      }
      const res = await change(DEMO.admin, v.id, { dateStart: day(152), vacationDays: 3 });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (
          await t.db
            .selectFrom('calendar_vacations')
            .selectAll()
            .where('id', '=', v.id)
            .executeTakeFirstOrThrow()
        ).date_start,
      ).toBe(day(152));
    });

    it('HR deletes a vacation: it leaves the month, the deletion is audited; again is 404', async () => {
      const v = await schedule(DEMO.analistaRh, DEMO.gestorMultas, day(200), 7);
      const hr = await t.userId(DEMO.analistaRh);
      const audited = await t.auditCount(hr, 'vacation.delete');
      const res = await deleteVacation(DEMO.analistaRh, v.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: CALENDAR_MSG.vacationDeleted });
      expect(await t.auditCount(hr, 'vacation.delete')).toBe(audited + 1);
      expect((await vacationsOf(DEMO.analistaRh, day(200))).map((x) => x.id)).not.toContain(v.id);
      const again = await deleteVacation(DEMO.analistaRh, v.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: MSG.vacationNotFound });
    });
  });
});
