import { describe, expect, it } from 'vitest';
import { actor } from '../testing/actor.ts';
import {
  canFireHrTransition,
  canListHrRequests,
  canManageEmployees,
  canRequestHr,
  canSeeHrRequest,
  canSeeMedicalLeave,
  type HrActor,
  hrRequestAbilities,
} from './hr.policy.ts';
import { type HrStageActor, hrTransitionsFrom } from './hr.workflow.ts';

const hr = (roles: HrStageActor[], o: Parameters<typeof actor>[0] = {}): HrActor => ({
  ...actor(o),
  approverRoles: roles,
});

// The demo company: 1001 admin, 1005 RH support, 1006 diretor, 1007 presidente, 1008 jurídico (RH, no support).
const admin = hr([], {
  userId: 1,
  privilegio: 1,
  admin: 1,
  suport: 1,
  sectors: ['Tecnologia de Informação'],
});
const analistaRh = hr([], { userId: 5, suport: 1, sectors: ['Recursos Humanos'] });
const diretor = hr(['diretor'], { userId: 6, privilegio: 2, suport: 1, sectors: ['Operação'] });
const presidente = hr(['presidente'], { userId: 7, privilegio: 2, suport: 1, sectors: ['Faturamento'] });
const juridico = hr(['juridico'], { userId: 8, sectors: ['Recursos Humanos'] });
const colaborador = hr([], { userId: 3, sectors: ['Operação'] });
const gestor = hr([], { userId: 2, privilegio: 2, suport: 1, sectors: ['Compras'] });
const suporteTi = hr([], { userId: 4, suport: 1, sectors: ['Tecnologia de Informação'] });

const hiring = [0, 1, 3, 4, 5] as const;
const req = (status: number, requesterId = 2) => ({
  requesterId,
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
    ['another gestor', hr([], { userId: 9, privilegio: 2, suport: 1, sectors: ['Gestão de Multas'] }), false],
    ['a colaborador', colaborador, false],
    ['HR', analistaRh, true],
    ['the president', presidente, true],
  ])('a request is seen by %s → %s', (_n, who, seen) => {
    expect(canSeeHrRequest(who, req(0))).toBe(seen);
  });
});

describe('stage buttons by role', () => {
  const fire = (who: HrActor, status: number) =>
    hrTransitionsFrom([...hiring], status)
      .filter((t) => canFireHrTransition(who, req(status), t))
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
