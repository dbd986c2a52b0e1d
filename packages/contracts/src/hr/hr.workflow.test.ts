import { describe, expect, it } from 'vitest';
import {
  directorSkipped,
  findHrTransition,
  HR_STATUS,
  type HrPathFacts,
  hrProgressLabel,
  hrRequestPath,
  hrTimeline,
  hrTransitionsFrom,
} from './hr.workflow.ts';

const on = '2026-03-31';
/** The admission date `days` before `on`. */
const admittedDaysBefore = (days: number) => {
  const d = new Date(`${on}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
const dismissal = (breach: number, days: number): HrPathFacts => ({
  typeRequest: 'dismissal',
  breachContractId: breach,
  dateAdmission: admittedDaysBefore(days),
  createdOn: on,
});

describe('HR request paths (spec §4)', () => {
  it('hiring: criada, RH, diretor, presidente, aprovado', () => {
    expect(
      hrRequestPath({ typeRequest: 'admission', breachContractId: 2, dateAdmission: null, createdOn: on }),
    ).toEqual([0, 1, 3, 4, 5]);
  });

  it.each([
    // BreachContractId, days since admission, path
    [1, 89, [0, 1, 5]],
    [1, 90, [0, 1, 3, 5]],
    [1, 91, [0, 1, 3, 5]],
    [2, 89, [0, 1, 2, 5]],
    [2, 90, [0, 1, 2, 3, 5]],
    [2, 91, [0, 1, 2, 3, 5]],
    [3, 89, [0, 1, 5]],
    [3, 400, [0, 1, 3, 5]],
    [4, 90, [0, 1, 3, 5]],
  ])('dismissal type %i at day %i → %j', (breach, days, path) => {
    expect(hrRequestPath(dismissal(breach, days))).toEqual(path);
  });

  it('the 90-day rule counts whole days across a month end', () => {
    expect(directorSkipped('2026-01-01', '2026-03-31')).toBe(true); // 89 days
    expect(directorSkipped('2026-01-01', '2026-04-01')).toBe(false); // 90 days
    expect(directorSkipped(null, on)).toBe(false);
  });
});

describe('HR stage buttons (spec §4)', () => {
  const hiring = [0, 1, 3, 4, 5] as const;
  it.each([
    [0, ['Aceitar→1']],
    [1, ['Avançar→3']],
    [3, ['Aprovar→4', 'Negar→10']],
    [4, ['Aprovar→5', 'Negar→10']],
    [5, []],
    [10, []],
    [2, []], // not on this path
  ])('hiring at %i', (status, buttons) => {
    expect(hrTransitionsFrom([...hiring], status).map((t) => `${t.label}→${t.to}`)).toEqual(buttons);
  });

  it('Jurídico approves or denies; RH advances to the next of the path', () => {
    const path = hrRequestPath(dismissal(2, 89));
    expect(hrTransitionsFrom(path, 1).map((t) => t.to)).toEqual([2]);
    expect(hrTransitionsFrom(path, 2).map((t) => [t.label, t.by])).toEqual([
      ['Aprovar', 'juridico'],
      ['Negar', 'juridico'],
    ]);
  });

  it('a jump or a move back is not a transition', () => {
    expect(findHrTransition([0, 1, 3, 4, 5], 0, 3)).toBeUndefined();
    expect(findHrTransition([0, 1, 3, 4, 5], 3, 1)).toBeUndefined();
    expect(findHrTransition([0, 1, 3, 4, 5], 1, 10)).toBeUndefined();
    expect(findHrTransition([0, 1, 3, 4, 5], 3, 10)?.key).toBe('negar');
  });
});

describe('list label and timeline', () => {
  it.each([
    [0, 'Solicitação Aberta'],
    [1, 'Aceito'],
    [4, 'Aceito'],
    [5, 'Finalizado'],
    [HR_STATUS.negado, 'Finalizado'],
  ])('status %i → %s', (status, label) => {
    expect(hrProgressLabel([0, 1, 3, 4, 5], status)).toBe(label);
  });

  it('a denial at the director ends the timeline with Negado', () => {
    const steps = hrTimeline(
      [0, 1, 3, 4, 5],
      [
        { status: 0, date: 'a' },
        { status: 1, date: 'b' },
        { status: 10, date: 'c' },
      ],
    );
    expect(steps.map((s) => [s.label, s.done])).toEqual([
      ['Solicitação Criada', true],
      ['Análise RH', true],
      ['Análise Diretor', false],
      ['Análise Presidente', false],
      ['Negado', true],
    ]);
  });

  it('an open request ends with Aprovado/Negado', () => {
    expect(hrTimeline([0, 1, 5], [{ status: 0, date: 'a' }]).map((s) => s.label)).toEqual([
      'Solicitação Criada',
      'Análise RH',
      'Aprovado/Negado',
    ]);
  });
});
