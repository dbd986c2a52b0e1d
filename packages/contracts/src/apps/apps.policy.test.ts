import { describe, expect, it } from 'vitest';
import { type Actor, SECTOR_ROLE_LABEL as SECTOR } from '../roles.ts';
import { canManageApps, canSeeApp } from './apps.policy.ts';

const u = (privilegio: number, admin: number, sectors: string[]): Actor => ({
  userId: 1,
  privilegio,
  suport: privilegio < 3 ? 1 : 0,
  admin,
  setor: sectors.map((sector) => ({ sector })),
});

describe('apps policy', () => {
  it.each([
    ['Administrador', u(1, 1, [SECTOR.ti]), true],
    ['Gestor', u(2, 0, [SECTOR.compras]), false],
    ['Colaborador', u(3, 0, [SECTOR.operacao]), false],
  ])('%s manages apps: %s', (_n, actor, allowed) => {
    expect(canManageApps(actor)).toBe(allowed);
  });

  it.each([
    ['Administrador, app of another sector', u(1, 1, [SECTOR.ti]), [SECTOR.compras], true],
    ['user of the sector', u(3, 0, [SECTOR.operacao, SECTOR.estoque]), [SECTOR.estoque], true],
    ['user of another sector', u(3, 0, [SECTOR.operacao]), [SECTOR.compras], false],
    ['app without sectors', u(2, 0, [SECTOR.compras]), [], false],
  ])('%s sees it: %s', (_n, actor, setores, allowed) => {
    expect(canSeeApp(actor, { setores })).toBe(allowed);
  });
});
