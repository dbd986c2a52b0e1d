import { describe, expect, it } from 'vitest';
import { actor } from '../testing/actor.ts';
import {
  canChangeVacation,
  canCreateCompanyEvent,
  canDeleteEvent,
  canEditEvent,
  canScheduleVacationOf,
  canScheduleVacations,
  canSeeEvent,
  canSeeVacation,
  eventCompanyChoice,
  isOwnVacation,
} from './calendar.policy.ts';

// The demo company of the README.
const admin = actor({ userId: 1, privilegio: 1, suport: 1, admin: 1, sectors: ['Tecnologia de Informação'] });
const gestorCompras = actor({ userId: 2, privilegio: 2, suport: 1, sectors: ['Compras'] });
const colaborador = actor({ userId: 3, sectors: ['Operação'] });
const suporteTi = actor({ userId: 4, suport: 1, sectors: ['Tecnologia de Informação'] });
const analistaRh = actor({ userId: 5, suport: 1, sectors: ['Recursos Humanos'] });
const diretor = actor({ userId: 6, privilegio: 2, suport: 1, sectors: ['Operação', 'Estoque'] });
const juridico = actor({ userId: 8, sectors: ['Recursos Humanos'] });

describe('events', () => {
  const company = { createdBy: 4, company: true, invitees: [] };
  const meeting = { createdBy: 3, company: false, invitees: [8] };

  it.each([
    ['admin', admin, company, true],
    ['colaborador', colaborador, company, true],
    ['author of the meeting', colaborador, meeting, true],
    ['invited to the meeting', juridico, meeting, true],
    ['not invited (even an admin)', admin, meeting, false],
    ['not invited', analistaRh, meeting, false],
  ])('%s sees it: %s', (_, u, e, allowed) => {
    expect(canSeeEvent(u, e)).toBe(allowed);
  });

  it.each([
    ['support', suporteTi, true],
    ['admin', admin, true],
    ['gestor (support)', gestorCompras, true],
    ['colaborador', colaborador, false],
    ['not support, HR sector', juridico, false],
  ])('%s publishes company events: %s', (_, u, allowed) => {
    expect(canCreateCompanyEvent(u)).toBe(allowed);
  });

  // Issue 31, finding 7: private unless chosen, and chosen only by whom may publish.
  it.each([
    ['support, nothing asked: private', suporteTi, undefined, undefined, false],
    ['admin, nothing asked: private', admin, undefined, undefined, false],
    ['colaborador, nothing asked: private', colaborador, undefined, undefined, false],
    ['support asks for it', suporteTi, true, undefined, true],
    ['gestor (support) asks for it', gestorCompras, true, undefined, true],
    ['not support asks for it', juridico, true, undefined, 'forbidden'],
    ['not support asks for private', juridico, false, undefined, false],
    ['edit, nothing asked: stays company-wide', juridico, undefined, true, true],
    ['edit, nothing asked: stays private', suporteTi, undefined, false, false],
    ['edit, not support turns a meeting company-wide', juridico, true, false, 'forbidden'],
    ['edit, no longer support keeps it company-wide', juridico, true, true, true],
    ['edit, support turns it private', suporteTi, false, true, false],
  ] as const)('%s', (_, u, asked, current, expected) => {
    expect(eventCompanyChoice(u, asked, current)).toBe(expected);
  });

  it.each([
    ['author', suporteTi, company, true],
    ['admin, company event', admin, company, true],
    ['another support user', analistaRh, company, false],
    ['admin, someone else’s meeting', admin, meeting, false],
    ['invitee', juridico, meeting, false],
    ['author of the meeting', colaborador, meeting, true],
  ])('%s edits and deletes it: %s', (_, u, e, allowed) => {
    expect(canEditEvent(u, e)).toBe(allowed);
    expect(canDeleteEvent(u, e)).toBe(allowed);
  });
});

describe('vacations (LGPD: only the employee and whoever plans them)', () => {
  const ofOperacao = { userId: 3, sector: 'Operação' };
  const ofCompras = { userId: 9, sector: 'Compras' };
  const noSector = { userId: 9, sector: null };

  it.each([
    ['the employee himself', colaborador, ofOperacao, true],
    ['admin', admin, ofOperacao, true],
    ['HR staff (support in RH)', analistaRh, ofCompras, true],
    ['HR sector member without support (the HR team: hr.policy.ts#isHrStaff)', juridico, ofCompras, true],
    [
      'gestor of the sector (sector written without accent)',
      diretor,
      { userId: 3, sector: 'Operacao' },
      true,
    ],
    ['gestor of another sector', gestorCompras, ofOperacao, false],
    ['gestor, employee without sector', gestorCompras, noSector, false],
    ['a colleague', actor({ userId: 30, sectors: ['Operação'] }), ofOperacao, false],
    ['support of another sector', suporteTi, ofOperacao, false],
  ])('%s sees it: %s', (_, u, v, allowed) => {
    expect(canSeeVacation(u, v)).toBe(allowed);
  });

  it.each([
    ['admin', admin, ofCompras, true],
    ['HR staff', analistaRh, ofOperacao, true],
    ['gestor of the sector', gestorCompras, ofCompras, true],
    ['gestor of another sector', gestorCompras, ofOperacao, false],
    ['the employee himself', colaborador, ofOperacao, false],
    ['support of TI', suporteTi, ofCompras, false],
    // Issue 31, finding 9: nobody schedules his own vacation, whatever his role.
    ['gestor, his own (his sector)', gestorCompras, { userId: 2, sector: 'Compras' }, false],
    ['admin, his own', admin, { userId: 1, sector: 'Tecnologia de Informação' }, false],
    ['HR staff, his own', analistaRh, { userId: 5, sector: 'Recursos Humanos' }, false],
    ['HR without support, his own', juridico, { userId: 8, sector: 'Recursos Humanos' }, false],
    ['diretor, his own', diretor, { userId: 6, sector: 'Operação' }, false],
    ['HR staff, a colleague of RH', analistaRh, { userId: 8, sector: 'Recursos Humanos' }, true],
  ])('%s schedules it, and changes or deletes it once saved: %s', (_, u, v, allowed) => {
    expect(canScheduleVacationOf(u, v)).toBe(allowed);
    expect(canChangeVacation(u, v)).toBe(allowed);
    expect(isOwnVacation(u, v)).toBe(v.userId === u.userId);
  });

  it.each([
    ['admin', admin, true],
    ['HR staff', analistaRh, true],
    ['gestor', gestorCompras, true],
    ['colaborador', colaborador, false],
    ['support of TI', suporteTi, false],
    ['HR sector member without support', juridico, true],
  ])('%s has the Férias tab: %s', (_, u, allowed) => {
    expect(canScheduleVacations(u)).toBe(allowed);
  });
});
