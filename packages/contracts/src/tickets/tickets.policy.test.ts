import { describe, expect, it } from 'vitest';
import type { Actor } from '../roles.ts';
import { specRoleOf } from '../testing/actor.ts';
import {
  callAbilities,
  canAnswerCall,
  canFireTransition,
  canListOpenCalls,
  canSeeCall,
  inOpenQueue,
  supportedDepartments,
} from './tickets.policy.ts';
import { CALL_TRANSITIONS } from './tickets.workflow.ts';

const actor = (
  userId: number,
  privilegio: number,
  suport: number,
  admin: number,
  sectors: string[],
): Actor => ({
  userId,
  privilegio,
  suport,
  admin,
  setor: sectors.map((sector) => ({ sector, role: specRoleOf(sector) })),
});

// The demo company of the README.
const admin = actor(1, 1, 1, 1, ['Tecnologia de Informação']);
const compras = actor(2, 2, 1, 0, ['Compras']);
const colaborador = actor(3, 3, 0, 0, ['Operação']);
const suporteTi = actor(4, 3, 1, 0, ['Tecnologia de Informação']);
const analistaRh = actor(5, 3, 1, 0, ['Recursos Humanos']);
const juridicoSemSuporte = actor(8, 3, 0, 0, ['Recursos Humanos']);
const multiSetor = actor(10, 3, 1, 0, ['QSSMA', 'Infraestrutura']);

describe('supportedDepartments', () => {
  it.each([
    ['admin', admin, ['Recursos Humanos', 'Tecnologia de Informacao', 'QSSMA', 'Infraestrutura']],
    ['suporte TI', suporteTi, ['Tecnologia de Informacao']],
    ['analista RH', analistaRh, ['Recursos Humanos']],
    ['QSSMA + Infraestrutura', multiSetor, ['QSSMA', 'Infraestrutura']],
    ['suporte de Compras (nenhum departamento)', compras, []],
    ['RH sem suporte', juridicoSemSuporte, []],
    ['colaborador', colaborador, []],
  ])('%s', (_name, who, expected) => {
    expect(supportedDepartments(who)).toEqual(expected);
  });
});

const tiCall = { userId: 3, dep: 'Tecnologia de Informacao', status: 0, requestId: null };

describe('canSeeCall', () => {
  it.each([
    ['o solicitante', colaborador, tiCall, true],
    ['o suporte do departamento', suporteTi, tiCall, true],
    ['o admin', admin, tiCall, true],
    ['o suporte de outro departamento', analistaRh, tiCall, false],
    ['outro colaborador', juridicoSemSuporte, tiCall, false],
    ['compras, chamado sem compra', compras, tiCall, false],
    ['compras, chamado de uma compra', compras, { ...tiCall, dep: 'Infraestrutura', requestId: 7 }, true],
  ])('%s → %s', (_name, who, call, expected) => {
    expect(canSeeCall(who, call)).toBe(expected);
  });
});

describe('inOpenQueue (Chamados Abertos)', () => {
  const purchase = { ...tiCall, dep: 'Infraestrutura', requestId: 7 };
  it.each([
    ['o solicitante, sem suporte', colaborador, tiCall, false],
    ['o suporte do departamento', suporteTi, tiCall, true],
    [
      'o suporte, o próprio chamado de outro departamento',
      suporteTi,
      { ...tiCall, userId: 4, dep: 'QSSMA' },
      false,
    ],
    ['o admin', admin, tiCall, true],
    ['compras, chamado sem compra', compras, tiCall, false],
    ['compras, chamado de uma compra', compras, purchase, true],
    ['o suporte de outro departamento, chamado de uma compra', suporteTi, purchase, false],
  ])('%s → %s', (_name, who, call, expected) => {
    expect(inOpenQueue(who, call)).toBe(expected);
  });
});

describe('canListOpenCalls (Chamados Abertos)', () => {
  it.each([
    [admin, true],
    [compras, true],
    [suporteTi, true],
    [colaborador, false],
    [juridicoSemSuporte, false],
  ])('%#', (who, expected) => expect(canListOpenCalls(who)).toBe(expected));
});

const byKey = (key: string) => CALL_TRANSITIONS.find((t) => t.key === key)!;

describe('canFireTransition', () => {
  it.each([
    ['atender', 0, suporteTi, true],
    ['atender', 0, admin, true],
    ['atender', 0, colaborador, false],
    ['atender', 0, analistaRh, false],
    ['atender', 1, suporteTi, false],
    ['compras', 1, suporteTi, true],
    ['compras', 0, suporteTi, false],
    ['retirarCompras', 2, suporteTi, true],
    ['retirarCompras', 1, suporteTi, false],
    ['finalizar', 1, suporteTi, true],
    ['finalizar', 2, suporteTi, true],
    ['finalizar', 0, suporteTi, false],
    ['finalizar', 3, admin, false],
    ['inserirMateriais', 20, suporteTi, true],
    ['inserirMateriais', 22, suporteTi, true],
    ['inserirMateriais', 21, suporteTi, false],
    ['aceitarMateriais', 21, compras, true],
    ['aceitarMateriais', 21, suporteTi, false],
    ['recusarMateriais', 23, compras, true],
  ])('%s a partir de %i', (key, status, who, expected) => {
    expect(canFireTransition(who, { ...tiCall, status }, byKey(key))).toBe(expected);
  });
});

describe('canAnswerCall', () => {
  it.each([
    [colaborador, 1, true],
    [suporteTi, 1, true],
    [analistaRh, 1, false],
    [colaborador, 3, false],
    [suporteTi, 3, false],
  ])('%# status %i', (who, status, expected) => {
    expect(canAnswerCall(who, { ...tiCall, status })).toBe(expected);
  });

  // A purchase's materials call, opened by another Compras user (id 9) to Infraestrutura.
  const materialsCall = { userId: 9, dep: 'Infraestrutura', status: 20, requestId: 12 };
  it.each([
    ['Compras', compras, materialsCall, true],
    ['Compras, on a call of no purchase', compras, { ...materialsCall, requestId: null }, false],
    ['Compras, once finalised', compras, { ...materialsCall, status: 3 }, false],
    ['Infraestrutura support', multiSetor, materialsCall, true],
    ['a member of another sector', colaborador, materialsCall, false],
  ])('materials call: %s', (_who, who, call, expected) => {
    expect(canAnswerCall(who, call)).toBe(expected);
  });
});

describe('callAbilities', () => {
  it('suporte at 1 may send to Compras or finalise', () => {
    expect(callAbilities(suporteTi, { ...tiCall, status: 1 })).toEqual({
      transitions: [2, 3],
      answer: true,
      insertMaterials: false,
    });
  });
  it('the requester has no buttons', () => {
    expect(callAbilities(colaborador, { ...tiCall, status: 0 }).transitions).toEqual([]);
  });
  it('materials are inserted by their own call, not a status button', () => {
    expect(callAbilities(suporteTi, { ...tiCall, status: 20 })).toEqual({
      transitions: [],
      answer: true,
      insertMaterials: true,
    });
  });
});
