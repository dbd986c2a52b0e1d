import { describe, expect, it } from 'vitest';
import { type Actor, SECTOR_ROLE_LABEL as SECTOR } from '../roles.ts';
import { specRoleOf } from '../testing/actor.ts';
import { canManageNotices } from './notices.policy.ts';

const u = (privilegio: number, suport: number, admin: number, sector: string): Actor => ({
  userId: 1,
  privilegio,
  suport,
  admin,
  setor: [{ sector, role: specRoleOf(sector) }],
});

describe('Inserir Avisos (spec §6): support in RH or QSSMA, or admin', () => {
  it.each([
    ['Administrador', u(1, 1, 1, SECTOR.ti), true],
    ['suporte RH', u(3, 1, 0, SECTOR.rh), true],
    ['suporte QSSMA', u(3, 1, 0, SECTOR.qssma), true],
    ['RH without support', u(3, 0, 0, SECTOR.rh), false],
    ['suporte TI', u(3, 1, 0, SECTOR.ti), false],
    ['Gestor de Compras', u(2, 1, 0, SECTOR.compras), false],
    ['Colaborador', u(3, 0, 0, SECTOR.operacao), false],
  ])('%s: %s', (_n, actor, allowed) => {
    expect(canManageNotices(actor)).toBe(allowed);
  });
});
