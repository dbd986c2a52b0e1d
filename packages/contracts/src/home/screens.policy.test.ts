import { describe, expect, it } from 'vitest';
import { canManageFines } from '../fines/fines.policy.ts';
import { canListHrRequests, canManageEmployees, canRequestHr } from '../hr/hr.policy.ts';
import { canManageNotices } from '../notices/notices.policy.ts';
import { canInsertAttachments } from '../operations/operations.policy.ts';
import { canListReceivedPurchases, canOpenPurchase } from '../purchases/purchases.policy.ts';
import { actor } from '../testing/actor.ts';
import { menuUser } from '../testing/menu-user.ts';
import { canListOpenCalls, canOpenCall } from '../tickets/tickets.policy.ts';
import { canManageUsers } from '../users/users.policy.ts';
import { SCREEN_RULES } from './screens.policy.ts';
import { SCREEN_KEYS, type Screens } from './screens.ts';

describe('each screen is decided by the very function its server call authorises with', () => {
  it.each<[keyof typeof SCREEN_RULES, unknown]>([
    ['chamadosAbertos', canListOpenCalls],
    ['comprasRecebidas', canListReceivedPurchases],
    ['abrirCompra', canOpenPurchase],
    ['abrirChamado', canOpenCall],
    ['atendimentoRh', canListHrRequests],
    ['solicitarRh', canRequestHr],
    ['funcionarios', canManageEmployees],
    ['multas', canManageFines],
    ['anexosOperacao', canInsertAttachments],
    ['usuarios', canManageUsers],
    ['avisos', canManageNotices],
  ])('%s', (key, rule) => {
    expect(SCREEN_RULES[key]).toBe(rule);
  });

  it('every screen the session carries has a rule', () => {
    expect(Object.keys(SCREEN_RULES).sort()).toEqual([...SCREEN_KEYS].sort());
  });
});

const only = (...keys: (keyof Screens)[]): Screens =>
  Object.fromEntries(SCREEN_KEYS.map((k) => [k, keys.includes(k)])) as Screens;
const everyone = ['abrirCompra', 'abrirChamado', 'anexosOperacao'] as const;

/** The demo users (README), numbered as the policy tables number them. */
describe('the demo users’ screens', () => {
  it.each<[string, Parameters<typeof actor>[0], Screens]>([
    [
      '1001 administrador',
      { userId: 1, privilegio: 1, admin: 1, suport: 1, sectors: ['Tecnologia de Informação'] },
      only(...SCREEN_KEYS),
    ],
    [
      '1002 gestora de Compras',
      { userId: 2, privilegio: 2, suport: 1, sectors: ['Compras'] },
      only(...everyone, 'chamadosAbertos', 'comprasRecebidas', 'solicitarRh', 'usuarios'),
    ],
    ['1003 colaborador de Operação', { userId: 3, sectors: ['Operação'] }, only(...everyone)],
    [
      '1004 suporte TI',
      { userId: 4, suport: 1, sectors: ['Tecnologia de Informação'] },
      only(...everyone, 'chamadosAbertos'),
    ],
    [
      '1005 analista de RH',
      { userId: 5, suport: 1, sectors: ['Recursos Humanos'] },
      only(...everyone, 'chamadosAbertos', 'atendimentoRh', 'solicitarRh', 'funcionarios', 'avisos'),
    ],
    [
      '1006 diretor',
      { userId: 6, privilegio: 2, suport: 1, sectors: ['Operação', 'Estoque'] },
      only(...everyone, 'chamadosAbertos', 'comprasRecebidas', 'atendimentoRh', 'solicitarRh', 'usuarios'),
    ],
    [
      '1007 presidente',
      { userId: 7, privilegio: 2, suport: 1, sectors: ['Faturamento'] },
      only(...everyone, 'chamadosAbertos', 'comprasRecebidas', 'atendimentoRh', 'solicitarRh', 'usuarios'),
    ],
    [
      '1008 jurídico',
      { userId: 8, sectors: ['Recursos Humanos'] },
      only(...everyone, 'atendimentoRh', 'solicitarRh', 'funcionarios'),
    ],
    [
      '1009 gestor de Multas, substituto do diretor',
      { userId: 9, privilegio: 2, suport: 1, sectors: ['Gestão de Multas'] },
      only(
        ...everyone,
        'chamadosAbertos',
        'comprasRecebidas',
        'atendimentoRh',
        'solicitarRh',
        'multas',
        'usuarios',
      ),
    ],
  ])('%s', (_name, facts, expected) => {
    expect(menuUser(actor(facts)).screens).toEqual(expected);
  });
});
