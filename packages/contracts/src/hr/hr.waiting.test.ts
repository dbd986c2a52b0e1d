import { describe, expect, it } from 'vitest';
import { actor } from '../testing/actor.ts';
import { type HrDesk, type HrDesks, isHrParty } from './hr.desks.ts';
import {
  awaitsHrDecisionOf,
  type HrActor,
  type HrRequestFacts,
  hrRequestAbilities,
  hrWaitingStages,
} from './hr.policy.ts';
import { HR_STATUS, type HrStatus, hrRequestPath } from './hr.workflow.ts';

const TODAY = '2026-05-10';
const person = (userId: number) => ({ userId, name: `Pessoa ${userId}` });
const desk = (approver: number | null, substitute: number | null, period: 'on' | 'off' | null): HrDesk => ({
  approver: approver === null ? null : person(approver),
  substitute: substitute === null ? null : person(substitute),
  from: period === 'on' ? '2026-05-01' : period === 'off' ? '2026-06-01' : null,
  to: period === 'on' ? '2026-05-31' : period === 'off' ? '2026-06-30' : null,
});

/** Desk settings an administrator may leave: with and without substitutes, on and off duty, empty. */
const DESK_SETS: HrDesks[] = [
  { juridico: desk(8, null, null), diretor: desk(6, 9, null), presidente: desk(7, null, null) },
  { juridico: desk(8, 3, 'on'), diretor: desk(6, 9, 'on'), presidente: desk(7, 6, 'off') },
  { juridico: desk(null, 8, null), diretor: desk(6, null, null) },
  {},
];

/** People by kind: administrator 1, RH 5 and 8 (8 also jurídico), approvers 6 and 7, substitutes 3 and 9, others 2 and 4. */
const PEOPLE = [
  actor({ userId: 1, privilegio: 1, admin: 1, suport: 1, sectors: ['Tecnologia de Informação'] }),
  actor({ userId: 2, privilegio: 2, suport: 1, sectors: ['Compras'] }),
  actor({ userId: 3, sectors: ['Operação'] }),
  actor({ userId: 4, suport: 1, sectors: ['Tecnologia de Informação'] }),
  actor({ userId: 5, suport: 1, sectors: ['Recursos Humanos'] }),
  actor({ userId: 6, privilegio: 2, suport: 1, sectors: ['Operação', 'Estoque'] }),
  actor({ userId: 7, privilegio: 2, suport: 1, sectors: ['Faturamento'] }),
  actor({ userId: 8, sectors: ['Recursos Humanos'] }),
  actor({ userId: 9, privilegio: 2, suport: 1, sectors: ['Gestão de Multas'] }),
];

/** Every stage of every kind of path, opened by and about each person (or nobody). */
function requests(): HrRequestFacts[] {
  const paths = [
    hrRequestPath({
      typeRequest: 'admission',
      breachContractId: null,
      dateAdmission: null,
      createdOn: TODAY,
    }),
    hrRequestPath({
      typeRequest: 'dismissal',
      breachContractId: 2,
      dateAdmission: '2020-01-01',
      createdOn: TODAY,
    }),
    hrRequestPath({ typeRequest: 'dismissal', breachContractId: 1, dateAdmission: TODAY, createdOn: TODAY }),
  ];
  const out: HrRequestFacts[] = [];
  for (const path of paths)
    for (const status of [...path, HR_STATUS.negado] as HrStatus[])
      for (const requester of PEOPLE)
        for (const subject of [null, ...PEOPLE])
          out.push({
            path,
            status,
            requesterId: requester.userId,
            subjectIds: subject ? [subject.userId] : [],
          });
  return out;
}

/** hrWaitingStages read as the SQL of hr.queries.ts reads it. */
const bySql = (u: HrActor, r: HrRequestFacts) =>
  !isHrParty(u.userId, r) &&
  hrWaitingStages(u).some(
    (s) => s.status === r.status && (s.whenPartyOf === null || isHrParty(s.whenPartyOf, r)),
  );

describe('what waits for a person’s decision: the stages for SQL are awaitsHrDecisionOf', () => {
  const all = requests();
  it.each(DESK_SETS.map((desks, i) => [i, desks] as const))('desk setting %i', (_i, desks) => {
    const problems: string[] = [];
    for (const a of PEOPLE) {
      const u: HrActor = { ...a, desks, today: TODAY };
      for (const r of all) {
        if (bySql(u, r) !== awaitsHrDecisionOf(u, r))
          problems.push(`${u.userId}: ${JSON.stringify(r)} → ${awaitsHrDecisionOf(u, r)}`);
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('the demo: the president waits on a hiring at Análise Presidente, not on his own', () => {
    const u: HrActor = { ...PEOPLE[6]!, desks: DESK_SETS[0]!, today: TODAY };
    const hiring = all.find((r) => r.status === HR_STATUS.presidente && r.requesterId === 6)!;
    expect(awaitsHrDecisionOf(u, hiring)).toBe(true);
    expect(awaitsHrDecisionOf(u, { ...hiring, requesterId: 7 })).toBe(false);
  });
});

describe('the requester’s view offers nothing to press (spec §6), whoever opens it', () => {
  const admission = {
    path: [0, 1, 3, 4, 5] as HrStatus[],
    requesterId: 5,
    subjectIds: [],
    typeRequest: 'admission',
  };
  const hr = (i: number): HrActor => ({ ...PEOPLE[i]!, desks: DESK_SETS[0]!, today: TODAY });

  it('an HR analyst’s own approved hiring: Inserir Funcionário from Atendimento RH only', () => {
    const approved = { ...admission, status: HR_STATUS.aprovado };
    expect(hrRequestAbilities(hr(4), approved, 'all').insertEmployee).toBe(true);
    expect(hrRequestAbilities(hr(4), approved, 'mine')).toEqual({
      transitions: [],
      attachments: false,
      insertEmployee: false,
    });
  });

  it('an administrator’s view of another’s request through the requester’s list: nothing either', () => {
    const atDirector = { ...admission, status: HR_STATUS.diretor };
    expect(hrRequestAbilities(hr(0), atDirector, 'all').transitions.length).toBeGreaterThan(0);
    expect(hrRequestAbilities(hr(0), atDirector, 'mine').transitions).toEqual([]);
  });
});
