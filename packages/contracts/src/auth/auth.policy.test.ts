import { describe, expect, it } from 'vitest';
import type { Actor } from '../roles.ts';
import { actor } from '../testing/actor.ts';
import { canActOnUser, canOpenChamadosAbertos, canSeeSupportCards } from './auth.policy.ts';

/** The demo company's people (README), plus the flag combinations the rules turn on. */
const PEOPLE = {
  administrador: actor({
    userId: 1,
    privilegio: 1,
    admin: 1,
    suport: 1,
    sectors: ['Tecnologia de Informação'],
  }),
  gestorCompras: actor({ userId: 2, privilegio: 2, suport: 1, sectors: ['Compras'] }),
  colaboradorOperacao: actor({ userId: 3, privilegio: 3, suport: 0, sectors: ['Operação'] }),
  suporteTi: actor({ userId: 4, privilegio: 3, suport: 1, sectors: ['Tecnologia de Informação'] }),
  analistaRh: actor({ userId: 5, privilegio: 3, suport: 1, sectors: ['Recursos Humanos'] }),
  juridico: actor({ userId: 8, privilegio: 3, suport: 0, sectors: ['Recursos Humanos'] }),
  colaboradorComFlagAdmin: actor({ userId: 11, privilegio: 3, suport: 0, admin: 1, sectors: ['Operação'] }),
};

describe('/ChamadosAbertos: admin or suport above 0 (spec §2, §6)', () => {
  it.each<[string, Actor, boolean]>([
    ['Administrador', PEOPLE.administrador, true],
    ['Gestor de Compras (suport 1)', PEOPLE.gestorCompras, true],
    ['suporte de TI (Colaborador, suport 1)', PEOPLE.suporteTi, true],
    ['analista de RH (Colaborador, suport 1)', PEOPLE.analistaRh, true],
    ['Colaborador de Operação (suport 0)', PEOPLE.colaboradorOperacao, false],
    ['Jurídico (Colaborador, suport 0)', PEOPLE.juridico, false],
    ['Colaborador with the admin flag (suport 0)', PEOPLE.colaboradorComFlagAdmin, true],
    ['a suport value above 1', actor({ suport: 2 }), true],
  ])('%s → %s', (_name, u, expected) => {
    expect(canOpenChamadosAbertos(u)).toBe(expected);
  });
});

describe('cards Pastas e Arquivos, Aplicativos, Eventos: support or admin only (spec §6)', () => {
  it.each<[string, Actor, boolean]>([
    ['Administrador', PEOPLE.administrador, true],
    ['Gestor de Compras (suport 1)', PEOPLE.gestorCompras, true],
    ['suporte de TI', PEOPLE.suporteTi, true],
    ['Colaborador with the admin flag', PEOPLE.colaboradorComFlagAdmin, true],
    ['Colaborador de Operação', PEOPLE.colaboradorOperacao, false],
    ['Jurídico', PEOPLE.juridico, false],
  ])('%s → %s', (_name, u, expected) => {
    expect(canSeeSupportCards(u)).toBe(expected);
  });
});

describe('acting on a user: only on oneself unless an administrator (decisions "Identity and access")', () => {
  it.each<[string, Actor, number, boolean]>([
    ['a Colaborador on himself', PEOPLE.colaboradorOperacao, 3, true],
    ['a Colaborador on someone else', PEOPLE.colaboradorOperacao, 4, false],
    ['a support user on someone else', PEOPLE.suporteTi, 3, false],
    ['an RH analyst on someone else', PEOPLE.analistaRh, 3, false],
    ['the Administrador on someone else', PEOPLE.administrador, 3, true],
    ['the Administrador on himself', PEOPLE.administrador, 1, true],
  ])('%s → %s', (_name, u, target, expected) => {
    expect(canActOnUser(u, target)).toBe(expected);
  });
});
