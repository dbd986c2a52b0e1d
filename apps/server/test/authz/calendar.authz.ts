import { DEMO } from '../harness.ts';
import type { AuthzModule } from './index.ts';

const MISSING = 999_999;
/** Demo event 1 (seed/demo-calendar.ts): a meeting of the Compras manager, the fines manager invited. */
const MEETING = '/api/event/1';
const meeting = {
  title: 'Reunião de planejamento de compras',
  date: '2030-01-10',
  hoursOf: '09:00',
  hoursTo: '10:00',
};
const event = { title: 'Reunião de equipe', date: '2030-01-15', hoursOf: '14:00', hoursTo: '15:00' };
const vacation = (userId: number) => ({ userId, dateStart: '2030-02-01', vacationDays: 10 });
const period = { dateStart: '2030-03-01', vacationDays: 5 };

/**
 * Calendar: every member reads the events he sees and plans meetings; company events are for support
 * and administrators; only the author edits an event and its invitations; vacations are scheduled
 * by HR, administrators and managers (their sectors). The iCalendar link is public: its secret is
 * the credential.
 */
const calendar: AuthzModule = {
  module: 'calendar',
  entries: [
    { method: 'GET', url: '/api/event', as: null, expect: 401 },
    { method: 'GET', url: '/api/event', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/event', as: DEMO.juridico, expect: 200 },

    { method: 'POST', url: '/api/event', as: null, payload: event, expect: 401 },
    { method: 'POST', url: '/api/event', as: DEMO.juridico, payload: event, expect: 201 },
    {
      method: 'POST',
      url: '/api/event',
      as: DEMO.juridico,
      payload: { ...event, company: true },
      expect: 403,
      note: 'only support and administrators publish company events',
    },

    { method: 'PUT', url: MEETING, as: null, payload: meeting, expect: 401 },
    { method: 'PUT', url: MEETING, as: DEMO.gestorCompras, payload: meeting, expect: 200 },
    {
      method: 'PUT',
      url: MEETING,
      as: DEMO.gestorMultas,
      payload: meeting,
      expect: 403,
      note: 'invited, not the author',
    },
    {
      method: 'PUT',
      url: MEETING,
      as: DEMO.suporteTi,
      payload: meeting,
      expect: 404,
      proves: 'refused',
      note: 'not invited: the meeting is not his to see',
    },
    {
      method: 'PUT',
      url: `/api/event/${MISSING}`,
      as: DEMO.admin,
      payload: meeting,
      expect: 404,
      proves: 'allowed',
    },

    { method: 'DELETE', url: MEETING, as: null, expect: 401 },
    { method: 'DELETE', url: MEETING, as: DEMO.gestorMultas, expect: 403, note: 'invited, not the author' },
    {
      method: 'DELETE',
      url: MEETING,
      as: DEMO.suporteTi,
      expect: 404,
      proves: 'refused',
      note: 'not invited: the meeting is not his to see',
    },
    {
      method: 'DELETE',
      url: `/api/event/${MISSING}`,
      as: DEMO.admin,
      expect: 404,
      proves: 'allowed',
      note: 'an administrator deletes company events; no such event',
    },

    { method: 'POST', url: `${MEETING}/invitations`, as: null, payload: { userId: 1 }, expect: 401 },
    {
      method: 'POST',
      url: `${MEETING}/invitations`,
      as: DEMO.gestorCompras,
      payload: { userId: MISSING },
      expect: 404,
      proves: 'allowed',
      note: 'the author may invite; no such person',
    },
    {
      method: 'POST',
      url: `${MEETING}/invitations`,
      as: DEMO.gestorMultas,
      payload: { userId: 1 },
      expect: 403,
    },
    {
      method: 'POST',
      url: `${MEETING}/invitations`,
      as: DEMO.admin,
      payload: { userId: 1 },
      expect: 404,
      proves: 'refused',
      note: 'an administrator does not see a meeting he is not in',
    },

    { method: 'DELETE', url: `${MEETING}/invitations/${MISSING}`, as: null, expect: 401 },
    {
      method: 'DELETE',
      url: `${MEETING}/invitations/${MISSING}`,
      as: DEMO.gestorCompras,
      expect: 404,
      proves: 'allowed',
      note: 'the author may withdraw invitations; that person is not invited',
    },
    { method: 'DELETE', url: `${MEETING}/invitations/${MISSING}`, as: DEMO.gestorMultas, expect: 403 },

    { method: 'GET', url: '/api/event/people', as: null, expect: 401 },
    { method: 'GET', url: '/api/event/people', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/event/people', as: DEMO.juridico, expect: 200 },

    { method: 'GET', url: '/api/vacation', as: null, expect: 401 },
    { method: 'GET', url: '/api/vacation', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/vacation', as: DEMO.juridico, expect: 200, note: 'his own vacations only' },

    { method: 'POST', url: '/api/vacation', as: null, payload: vacation(1), expect: 401 },
    { method: 'POST', url: '/api/vacation', as: DEMO.suporteTi, payload: vacation(1), expect: 403 },
    {
      method: 'POST',
      url: '/api/vacation',
      as: DEMO.analistaRh,
      payload: vacation(MISSING),
      expect: 404,
      proves: 'allowed',
      note: 'HR schedules anyone; no such employee',
    },
    {
      method: 'POST',
      url: '/api/vacation',
      as: DEMO.admin,
      payload: vacation(3),
      expect: 201,
      note: 'demo user 3, the colaborador',
    },
    {
      method: 'POST',
      url: '/api/vacation',
      as: DEMO.admin,
      payload: vacation(1),
      expect: 403,
      note: 'demo user 1 is the administrator himself: nobody schedules his own vacation',
    },

    { method: 'PUT', url: '/api/vacation/1', as: null, payload: period, expect: 401 },
    {
      method: 'PUT',
      url: '/api/vacation/1',
      as: DEMO.analistaRh,
      payload: period,
      expect: 200,
      note: 'demo vacation 1 is of 1008 (RH): HR changes it',
    },
    {
      method: 'PUT',
      url: '/api/vacation/2',
      as: DEMO.suporteTi,
      payload: period,
      expect: 403,
      note: 'demo vacation 2 is his own: nobody changes his own',
    },
    {
      method: 'PUT',
      url: '/api/vacation/1',
      as: DEMO.gestorCompras,
      payload: period,
      expect: 404,
      proves: 'refused',
      note: 'not his sector: not his to see',
    },

    { method: 'DELETE', url: '/api/vacation/2', as: null, expect: 401 },
    { method: 'DELETE', url: '/api/vacation/2', as: DEMO.suporteTi, expect: 403, note: 'his own' },
    {
      method: 'DELETE',
      url: `/api/vacation/${MISSING}`,
      as: DEMO.analistaRh,
      expect: 404,
      proves: 'allowed',
      note: 'HR deletes vacations; no such vacation',
    },

    { method: 'GET', url: '/api/vacation/people', as: null, expect: 401 },
    { method: 'GET', url: '/api/vacation/people', as: DEMO.suporteTi, expect: 403 },
    { method: 'GET', url: '/api/vacation/people', as: DEMO.gestorCompras, expect: 200 },

    { method: 'GET', url: '/api/calendar/feed', as: null, expect: 401 },
    { method: 'GET', url: '/api/calendar/feed', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: '/api/calendar/feed', as: DEMO.juridico, expect: 200 },

    { method: 'POST', url: '/api/calendar/feed', as: null, expect: 401 },
    { method: 'POST', url: '/api/calendar/feed', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'POST', url: '/api/calendar/feed', as: DEMO.juridico, expect: 201 },

    { method: 'DELETE', url: '/api/calendar/feed', as: null, expect: 401 },
    { method: 'DELETE', url: '/api/calendar/feed', as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'DELETE', url: '/api/calendar/feed', as: DEMO.juridico, expect: 200 },

    {
      method: 'GET',
      url: `/api/calendar/ical/${'a'.repeat(43)}.ics`,
      as: null,
      expect: 404,
      note: 'public: the secret is the credential; this one is unknown',
    },
    {
      method: 'GET',
      url: `/api/calendar/ical/${'a'.repeat(43)}`,
      as: DEMO.juridico,
      expect: 404,
      proves: 'refused',
    },
  ],
};

export default calendar;
