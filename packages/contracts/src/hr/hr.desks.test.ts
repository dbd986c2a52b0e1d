import { describe, expect, it } from 'vitest';
import { type HrDesk, type HrDesks, holdsDesk, hrDecider, hrDeciderNotes } from './hr.desks.ts';

const TODAY = '2026-05-10';
const roberto = { userId: 6, name: 'Roberto' };
const marcos = { userId: 9, name: 'Marcos' };
const helena = { userId: 7, name: 'Helena' };
const desk = (o: Partial<HrDesk> = {}): HrDesk => ({
  approver: roberto,
  substitute: marcos,
  from: null,
  to: null,
  ...o,
});
const onDuty = { from: '2026-05-01', to: '2026-05-20' };
const parties = (requesterId: number, subjectIds: number[] = []) => ({ requesterId, subjectIds });

describe('hrDecider: who decides an approval stage of a request', () => {
  it.each([
    ['another’s request', desk(), parties(2), roberto, null],
    ['the approver’s own request', desk(), parties(6), marcos, 'Roberto'],
    ['a request about the approver', desk(), parties(2, [6]), marcos, 'Roberto'],
    ['the approver’s own, no substitute', desk({ substitute: null }), parties(6), null, null],
    ['the approver’s own, the substitute a party too', desk(), parties(6, [9]), null, null],
    ['within the period', desk(onDuty), parties(2), marcos, 'Roberto'],
    ['within the period, the approver’s own', desk(onDuty), parties(6), marcos, 'Roberto'],
    ['within the period, the substitute’s own', desk(onDuty), parties(9), null, null],
    ['a period already over', desk({ from: '2026-04-01', to: '2026-05-09' }), parties(2), roberto, null],
    ['no approver named', desk({ approver: null }), parties(2), null, null],
    ['no approver named, within a period', desk({ approver: null, ...onDuty }), parties(2), marcos, null],
  ])('%s → %j', (_n, d, r, person, onBehalfOf) => {
    expect(hrDecider(d, r, TODAY)).toEqual({ person, onBehalfOf });
  });

  it('no desk for the role: an administrator', () => {
    expect(hrDecider(undefined, parties(2), TODAY)).toEqual({ person: null, onBehalfOf: null });
  });
});

describe('hrDeciderNotes: the requester is told who decides instead of him', () => {
  const desks: HrDesks = { diretor: desk(), presidente: desk({ approver: helena, substitute: null }) };
  const hiring = [0, 1, 3, 4, 5];
  const viewer = (userId: number, d: HrDesks = desks) => ({ userId, desks: d, today: TODAY });

  it.each([
    [
      'the director, his own hiring',
      6,
      parties(6),
      0,
      ['Você abriu esta solicitação: a etapa Diretor será decidida por Marcos.'],
    ],
    [
      'the president, her own hiring, no substitute',
      7,
      parties(7),
      3,
      ['Você abriu esta solicitação: a etapa Presidente será decidida por um administrador.'],
    ],
    [
      'the director, a request about him',
      6,
      parties(2, [6]),
      1,
      ['Esta solicitação é sobre você: a etapa Diretor será decidida por Marcos.'],
    ],
    ['the director, a stage already past', 6, parties(6), 4, []],
    ['the director, a finished request', 6, parties(6), 5, []],
    ['a requester who decides nothing', 2, parties(2), 0, []],
    ['the director, another’s request', 6, parties(2), 3, []],
  ])('%s', (_n, userId, r, status, notes) => {
    expect(hrDeciderNotes(viewer(userId), { ...r, path: hiring, status })).toEqual(notes);
  });

  it('within the substitute’s period the note is the substitute’s, not the approver’s', () => {
    const d: HrDesks = { diretor: desk(onDuty) };
    const r = { ...parties(9), path: hiring, status: 0 };
    expect(hrDeciderNotes(viewer(9, d), r)).toEqual([
      'Você abriu esta solicitação: a etapa Diretor será decidida por um administrador.',
    ]);
    expect(hrDeciderNotes(viewer(6, d), { ...r, requesterId: 6 })).toEqual([]);
  });
});

describe('holdsDesk: who holds a stage today (the purchases’ director)', () => {
  it.each([
    ['the approver', desk(), 6, true],
    ['the approver, his substitute on duty', desk(onDuty), 6, true],
    ['the substitute outside his days', desk(), 9, false],
    ['the substitute within his days', desk(onDuty), 9, true],
    ['the substitute, a period already over', desk({ from: '2026-04-01', to: '2026-05-09' }), 9, false],
    ['someone else', desk(onDuty), 7, false],
    ['no desk', undefined, 6, false],
  ])('%s', (_, d, userId, expected) => {
    expect(holdsDesk(d, userId, TODAY)).toBe(expected);
  });
});
