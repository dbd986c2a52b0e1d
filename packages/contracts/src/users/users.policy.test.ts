import { describe, expect, it } from 'vitest';
import { type Actor, SECTOR } from '../roles.ts';
import {
  assignablePrivileges,
  canCreateUser,
  canDeleteUser,
  canManageUsers,
  canResetPassword,
  canSeeUser,
  canUpdateUser,
  type ManagedUser,
} from './users.policy.ts';

const actor = (privilegio: number, extra: Partial<Actor> = {}): Actor => ({
  userId: 100,
  privilegio,
  suport: privilegio < 3 ? 1 : 0,
  admin: privilegio === 1 ? 1 : 0,
  setor: [{ sector: SECTOR.ti }],
  ...extra,
});
const admin = actor(1);
const gestor = actor(2);
const colaborador = actor(3);
const suporteRh = actor(3, { suport: 1, setor: [{ sector: SECTOR.rh }] });
const adminFlagOnly = actor(3, { admin: 1 });

const target = (privilegio: number, id = 200): ManagedUser => ({
  id,
  privilegio,
  admin: privilegio === 1 ? 1 : 0,
});

describe('users policy (spec §6)', () => {
  it('lists every active account to everyone, a deactivated one to nobody', () => {
    for (const u of [admin, gestor, colaborador]) {
      expect(canSeeUser(u, { active: 1 })).toBe(true);
      expect(canSeeUser(u, { active: 0 })).toBe(false);
    }
  });

  it.each([
    ['Administrador', admin, true],
    ['Gestor', gestor, true],
    ['admin flag', adminFlagOnly, true],
    ['Colaborador', colaborador, false],
    ['suporte RH (role 3)', suporteRh, false],
  ])('Usuarios page for %s: %s', (_n, u, allowed) => {
    expect(canManageUsers(u)).toBe(allowed);
  });

  it.each([
    ['Administrador', admin, [1, 2, 3]],
    ['Gestor', gestor, [3]],
    ['Colaborador', colaborador, []],
  ])('%s may give privileges %j', (_n, u, privileges) => {
    expect(assignablePrivileges(u)).toEqual(privileges);
  });

  it.each([
    ['Administrador creates Administrador', admin, 1, true],
    ['Administrador creates Gestor', admin, 2, true],
    ['Gestor creates Administrador', gestor, 1, false],
    ['Gestor creates Gestor', gestor, 2, false],
    ['Gestor creates Usuário', gestor, 3, true],
    ['Colaborador creates Usuário', colaborador, 3, false],
  ])('%s: %s', (_n, u, privilegio, allowed) => {
    expect(canCreateUser(u, privilegio)).toBe(allowed);
  });

  it.each([
    ['Administrador edits a Gestor', admin, target(2), 2, true],
    ['Administrador promotes to Administrador', admin, target(3), 1, true],
    ['Gestor edits a Usuário', gestor, target(3), 3, true],
    ['Gestor promotes a Usuário to Gestor', gestor, target(3), 2, false],
    ['Gestor edits an Administrador', gestor, target(1), 1, false],
    ['Gestor edits another Gestor', gestor, target(2), 2, false],
    ['Colaborador edits a Usuário', colaborador, target(3), 3, false],
    ['Administrador demotes itself', admin, target(1, admin.userId), 3, false],
    ['Administrador edits own sectors', admin, target(1, admin.userId), 1, true],
  ])('update: %s → %s', (_n, u, t, priv, allowed) => {
    expect(canUpdateUser(u, t, priv)).toBe(allowed);
  });

  it.each([
    ['Administrador deletes a Gestor', admin, target(2), true],
    ['Administrador deletes itself', admin, target(1, admin.userId), false],
    ['Gestor deletes a Usuário', gestor, target(3), true],
    ['Gestor deletes an Administrador', gestor, target(1), false],
    ['Colaborador deletes a Usuário', colaborador, target(3), false],
  ])('delete and password reset: %s → %s', (_n, u, t, allowed) => {
    expect(canDeleteUser(u, t)).toBe(allowed);
    expect(canResetPassword(u, t)).toBe(allowed);
  });
});
