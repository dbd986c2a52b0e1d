import { describe, expect, it } from 'vitest';
import { insertCallBody, PROBLEM_TYPES, toDepartment } from './tickets.schemas.ts';
import {
  CALL_STATUSES,
  CALL_TRANSITIONS,
  callStatusInfo,
  findCallTransition,
  statusesLike,
} from './tickets.workflow.ts';

describe('ticket status table (spec §4)', () => {
  it.each([
    [0, 'Não atendido', 'orange'],
    [1, 'Em atendimento', 'blue'],
    [2, 'Compras', 'yellow'],
    [3, 'Finalizado', 'green'],
    [20, 'Materiais pendentes', 'orange'],
    [21, 'Materiais enviados', 'blue'],
    [22, 'Materiais pendentes', 'orange'],
    [23, 'Materiais recebidos', 'green'],
  ])('%i is %s (%s)', (status, label, color) => {
    expect(callStatusInfo(status)).toEqual({ status, label, color });
  });

  it('has exactly the statuses of the spec', () => {
    expect(CALL_STATUSES.map((s) => s.status)).toEqual([0, 1, 2, 3, 20, 21, 22, 23]);
  });

  it.each([
    [0, 1, 'Atender'],
    [1, 2, 'Compras'],
    [2, 1, 'Retirar de compras'],
    [1, 3, 'Finalizar'],
    [2, 3, 'Finalizar'],
  ])('%i → %i is %s', (from, to, label) => {
    expect(findCallTransition(from, to)?.label).toBe(label);
  });

  it.each([
    [0, 3],
    [0, 2],
    [3, 1],
    [3, 0],
    [1, 0],
  ])('%i → %i does not exist', (from, to) => {
    expect(findCallTransition(from, to)).toBeUndefined();
  });

  it('every transition has one target per source (setCall finds it by status)', () => {
    const pairs = CALL_TRANSITIONS.flatMap((t) => t.from.map((f) => `${f}>${t.to}`));
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('a filter on Materiais pendentes matches 20 and 22', () => {
    expect(statusesLike(20)).toEqual([20, 22]);
    expect(statusesLike(1)).toEqual([1]);
  });
});

describe('insertCall payload', () => {
  it('accepts the spec shape and normalises the Manutenção label (the server reads the branch typed)', () => {
    const parsed = insertCallBody.parse({
      problem: 'Empilhadeira',
      descript: ' quebrou ',
      dep: 'Manutenção',
      filial: 'Mauá',
    });
    expect(parsed).toEqual({
      problem: 'Empilhadeira',
      descript: 'quebrou',
      dep: 'Infraestrutura',
      filial: 'Mauá',
    });
    expect(toDepartment('Tecnologia de Informação')).toBe('Tecnologia de Informacao');
  });

  it('refuses a problem of another department', () => {
    const r = insertCallBody.safeParse({
      problem: 'CAT',
      descript: 'x',
      dep: 'Recursos Humanos',
      filial: 'Matriz',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Tipo de problema inválido para o departamento escolhido.');
  });

  it('an empty description says the spec message', () => {
    const r = insertCallBody.safeParse({ problem: 'CAT', descript: '  ', dep: 'QSSMA', filial: 'Matriz' });
    expect(r.error?.issues[0]?.message).toBe('Esse campo deve ser preenchido.');
  });

  it('first problem of each department is the form default', () => {
    expect(Object.values(PROBLEM_TYPES).map((p) => p[0])).toEqual([
      'Marcação de ponto',
      'Internet',
      'CAT',
      'Empilhadeira',
    ]);
  });
});
