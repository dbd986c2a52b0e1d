import { describe, expect, it } from 'vitest';
import { actor } from '../testing/actor.ts';
import type { HrDesk, HrDesks } from './hr.desks.ts';
import {
  canActAs,
  canFireHrTransition,
  canHandleAttachments,
  canListHrRequests,
  canManageEmployees,
  canRequestDismissalOf,
  canRequestHr,
  canSeeHrRequest,
  canSeeMedicalLeave,
  type HrActor,
  hrRequestAbilities,
} from './hr.policy.ts';
import { type HrStageActor, hrTransitionsFrom } from './hr.workflow.ts';

const TODAY = '2026-05-10';
const person = (userId: number, name: string) => ({ userId, name });
const desk = (approver: number | null, o: Partial<HrDesk> = {}): HrDesk => ({
  approver: approver === null ? null : person(approver, `Aprovador ${approver}`),
  substitute: null,
  from: null,
  to: null,
  ...o,
});
// The demo company's desks: jurídico 8, diretor 6 (substitute 9, no period), presidente 7.
const DESKS: HrDesks = {
  juridico: desk(8),
  diretor: desk(6, { substitute: person(9, 'Marcos') }),
  presidente: desk(7),
};
const hr = (o: Parameters<typeof actor>[0] = {}, desks: HrDesks = DESKS): HrActor => ({
  ...actor(o),
  desks,
  today: TODAY,
});

// The demo company: 1 admin, 5 RH support, 6 diretor, 7 presidente, 8 jurídico (RH, no support), 9 substitute.
const admin = hr({ userId: 1, privilegio: 1, admin: 1, suport: 1, sectors: ['Tecnologia de Informação'] });
const analistaRh = hr({ userId: 5, suport: 1, sectors: ['Recursos Humanos'] });
const diretor = hr({ userId: 6, privilegio: 2, suport: 1, sectors: ['Operação', 'Estoque'] });
const presidente = hr({ userId: 7, privilegio: 2, suport: 1, sectors: ['Faturamento'] });
const juridico = hr({ userId: 8, sectors: ['Recursos Humanos'] });
const substituto = hr({ userId: 9, privilegio: 2, suport: 1, sectors: ['Gestão de Multas'] });
const colaborador = hr({ userId: 3, sectors: ['Operação'] });
const gestor = hr({ userId: 2, privilegio: 2, suport: 1, sectors: ['Compras'] });
const suporteTi = hr({ userId: 4, suport: 1, sectors: ['Tecnologia de Informação'] });

const hiring = [0, 1, 3, 4, 5] as const;
const req = (status: number, requesterId = 2, subjectIds: number[] = []) => ({
  requesterId,
  subjectIds,
  path: [...hiring],
  status,
  typeRequest: 'admission',
});

describe('who manages and who sees', () => {
  it.each([
    ['admin', admin, true, true, true, true],
    ['analista RH', analistaRh, true, true, true, true],
    ['jurídico (setor RH, no support: no health data)', juridico, true, true, true, false],
    ['diretor', diretor, true, true, false, false],
    ['the named substitute of a stage', substituto, true, true, false, false],
    ['gestor de Compras', gestor, true, false, false, false],
    ['suporte TI', suporteTi, false, false, false, false],
    ['colaborador', colaborador, false, false, false, false],
  ])(
    '%s: request %s, list %s, employees %s, medical leave %s',
    (_n, who, request, list, employees, leave) => {
      expect(canRequestHr(who)).toBe(request);
      expect(canListHrRequests(who)).toBe(list);
      expect(canManageEmployees(who)).toBe(employees);
      expect(canSeeMedicalLeave(who)).toBe(leave);
    },
  );

  it.each([
    ['its requester', gestor, true],
    ['another gestor', hr({ userId: 19, privilegio: 2, suport: 1, sectors: ['Gestão de Multas'] }), false],
    ['a colaborador', colaborador, false],
    ['HR', analistaRh, true],
    ['the president', presidente, true],
  ])('a request is seen by %s → %s', (_n, who, seen) => {
    expect(canSeeHrRequest(who, req(0))).toBe(seen);
  });
});

describe('who opens a dismissal of an employee of a sector', () => {
  it.each([
    ['a gestor of Faturamento, Operação', presidente, 'Operação', false],
    ['a gestor of Faturamento, Faturamento', presidente, 'Faturamento', true],
    ['a gestor of Operação and Estoque, Estoque (accents aside)', diretor, 'estoque', true],
    ['a gestor of Compras, Operação', gestor, 'Operação', false],
    ['a gestor, an unknown sector', gestor, 'Setor X', false],
    ['HR, any sector', analistaRh, 'Operação', true],
    ['jurídico (HR team), any sector', juridico, 'Compras', true],
    ['an administrator, any sector', admin, 'Estoque', true],
    ['a colaborador, his own sector', colaborador, 'Operação', false],
    ['suporte TI, his own sector', suporteTi, 'Tecnologia de Informação', false],
  ])('%s → %s', (_n, who, sector, allowed) => {
    expect(canRequestDismissalOf(who, sector)).toBe(allowed);
  });
});

describe('stage buttons by role', () => {
  const fire = (who: HrActor, status: number, r = req(status)) =>
    hrTransitionsFrom([...hiring], status)
      .filter((t) => canFireHrTransition(who, r, t))
      .map((t) => t.to);
  it.each([
    [analistaRh, 0, [1]],
    [analistaRh, 1, [3]],
    [analistaRh, 3, []],
    [diretor, 0, []],
    [diretor, 3, [4, 10]],
    [diretor, 4, []],
    [presidente, 4, [5, 10]],
    [presidente, 3, []],
    [juridico, 3, []],
    [substituto, 3, []],
    [admin, 3, [4, 10]],
    [gestor, 0, []],
  ])('%# at %i', (who, status, targets) => {
    expect(fire(who, status)).toEqual(targets);
  });

  it('the requester has no buttons and no attachments; HR inserts the employee after approval', () => {
    expect(hrRequestAbilities(gestor, req(0))).toEqual({
      transitions: [],
      attachments: false,
      insertEmployee: false,
    });
    expect(hrRequestAbilities(analistaRh, req(5)).insertEmployee).toBe(true);
    expect(hrRequestAbilities(analistaRh, req(10)).insertEmployee).toBe(false);
    expect(hrRequestAbilities(diretor, req(5)).insertEmployee).toBe(false);
  });
});

describe('segregation of duties: nobody decides a request he opened or that is about him', () => {
  const stages: [number, HrStageActor][] = [
    [0, 'rh'],
    [1, 'rh'],
    [3, 'diretor'],
    [4, 'presidente'],
  ];
  const everyone = [admin, analistaRh, juridico, diretor, presidente, substituto, gestor];
  const fire = (who: HrActor, status: number, r: ReturnType<typeof req>) =>
    hrTransitionsFrom([...hiring], status)
      .filter((t) => canFireHrTransition(who, r, t))
      .map((t) => t.to);

  it.each(everyone.map((u) => [u.userId, u] as const))(
    'user %i: no stage of his own request, none of one about him, no attachments of either',
    (_id, who) => {
      for (const [status, by] of stages) {
        for (const r of [req(status, who.userId), req(status, 2, [who.userId])]) {
          expect(canActAs(who, by, r)).toBe(false);
          expect(fire(who, status, r)).toEqual([]);
          expect(hrRequestAbilities(who, r).transitions).toEqual([]);
          expect(canHandleAttachments(who, r)).toBe(false);
        }
      }
    },
  );

  it('the director’s own request: his substitute decides the Diretor stage, another RH the RH ones', () => {
    const own = req(3, 6);
    expect(fire(diretor, 3, own)).toEqual([]);
    expect(fire(substituto, 3, own)).toEqual([4, 10]);
    expect(fire(admin, 3, own)).toEqual([4, 10]);
    expect(fire(presidente, 3, own)).toEqual([]);
    // An RH analyst's own request: the rest of the HR team (jurídico is in RH) and administrators.
    expect(fire(analistaRh, 0, req(0, 5))).toEqual([]);
    expect(fire(juridico, 0, req(0, 5))).toEqual([1]);
  });

  it('no substitute named: only an administrator decides the approver’s own request', () => {
    const own = req(4, 7);
    expect(DESKS.presidente?.substitute).toBeNull();
    expect(fire(presidente, 4, own)).toEqual([]);
    expect(fire(admin, 4, own)).toEqual([5, 10]);
    for (const who of [diretor, substituto, analistaRh]) expect(fire(who, 4, own)).toEqual([]);
  });
});

describe('substitutes: only as an administrator set them', () => {
  const withPeriod = (from: string, to: string): HrDesks => ({
    ...DESKS,
    diretor: desk(6, { substitute: person(9, 'Marcos'), from, to }),
  });
  const as = (who: HrActor, desks: HrDesks) => ({ ...who, desks });
  const canDecide = (who: HrActor, r = req(3)) => canActAs(who, 'diretor', r);

  it.each([
    ['before the period', '2026-05-11', '2026-05-20', true, false],
    ['its first day', TODAY, '2026-05-20', false, true],
    ['its last day', '2026-05-01', TODAY, false, true],
    ['after it', '2026-05-01', '2026-05-09', true, false],
  ])('%s: the approver decides %s, the substitute %s', (_n, from, to, approver, sub) => {
    const desks = withPeriod(from, to);
    expect(canDecide(as(diretor, desks))).toBe(approver);
    expect(canDecide(as(substituto, desks))).toBe(sub);
    // The approver keeps following the requests while his substitute decides.
    expect(canListHrRequests(as(diretor, desks))).toBe(true);
  });

  it('within the period, a request the substitute opened goes to an administrator', () => {
    const desks = withPeriod('2026-05-01', '2026-05-20');
    const bySubstitute = req(3, 9);
    expect(canDecide(as(substituto, desks), bySubstitute)).toBe(false);
    expect(canDecide(as(diretor, desks), bySubstitute)).toBe(false);
    expect(canDecide(as(admin, desks), bySubstitute)).toBe(true);
  });

  it('without a substitute nobody stands in, whatever the data says', () => {
    const desks: HrDesks = { ...DESKS, diretor: desk(6) };
    expect(canDecide(as(diretor, desks))).toBe(true);
    expect(canDecide(as(substituto, desks))).toBe(false);
    expect(canListHrRequests(as(substituto, desks))).toBe(false);
  });
});
