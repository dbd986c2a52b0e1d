import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { SECTOR_ROLE_LABEL as SECTOR } from '../roles.ts';
import { specOrg } from '../testing/org.ts';
import {
  type AccessGrant,
  assignablePrivileges,
  canCreateUser,
  canDeleteUser,
  canManageUsers,
  canResetPassword,
  canSeeUser,
  canUpdateUser,
  createRefusal,
  grantableBranches,
  grantableSectors,
  type ManagedUser,
  type UserManager,
  updateRefusal,
  userAbilitiesFor,
} from './users.policy.ts';

const actor = (privilegio: number, extra: Partial<UserManager> = {}): UserManager => ({
  userId: 100,
  privilegio,
  suport: privilegio < 3 ? 1 : 0,
  admin: privilegio === 1 ? 1 : 0,
  setor: [{ sector: SECTOR.ti, role: 'ti' as const }],
  filiais: ['Matriz', 'Maua'],
  ...extra,
});
const admin = actor(1);
/** A Gestor of Compras at Matriz only, like the demo's 1002. */
const gestor = actor(2, {
  setor: [{ sector: SECTOR.compras, role: 'compras' as const }],
  filiais: ['Matriz'],
});
const colaborador = actor(3);
const suporteRh = actor(3, { suport: 1, setor: [{ sector: SECTOR.rh, role: 'rh' as const }] });
const adminFlagOnly = actor(3, { admin: 1 });

const target = (privilegio: number, id = 200, extra: Partial<ManagedUser> = {}): ManagedUser => ({
  id,
  privilegio,
  admin: privilegio === 1 ? 1 : 0,
  suport: privilegio < 3 ? 1 : 0,
  setores: [SECTOR.compras],
  filiais: ['Matriz'],
  ...extra,
});
const supportUser = target(3, 201, { suport: 1, setores: [SECTOR.ti] });

const org = specOrg();

const grant = (privilegio: number, extra: Partial<AccessGrant> = {}): AccessGrant => ({
  privilegio,
  suport: privilegio < 3 ? 1 : 0,
  setores: [SECTOR.compras],
  filiais: ['Matriz'],
  ...extra,
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

  it('a Gestor gives only his own sectors and branches; an administrator gives all', () => {
    expect(grantableSectors(gestor, org)).toEqual([SECTOR.compras]);
    expect(grantableBranches(gestor, org)).toEqual(['Matriz']);
    expect(grantableSectors(admin, org)).toHaveLength(9);
    expect(grantableBranches(admin, org)).toEqual(['Matriz', 'Maua']);
    expect(grantableSectors(colaborador, org)).toEqual([]);
    expect(grantableBranches(colaborador, org)).toEqual([]);
  });

  it.each([
    ['Administrador creates Administrador', admin, grant(1), true],
    ['Administrador creates Gestor', admin, grant(2), true],
    [
      'Administrador creates support in any sector',
      admin,
      grant(3, { suport: 1, setores: [SECTOR.ti] }),
      true,
    ],
    ['Gestor creates Administrador', gestor, grant(1), false],
    ['Gestor creates Gestor', gestor, grant(2), false],
    ['Gestor creates Usuário in his sector and branch', gestor, grant(3), true],
    ['Gestor creates a support Usuário', gestor, grant(3, { suport: 1 }), false],
    ['Gestor gives a sector he lacks', gestor, grant(3, { setores: [SECTOR.compras, SECTOR.ti] }), false],
    ['Gestor gives a branch he lacks', gestor, grant(3, { filiais: ['Matriz', 'Maua'] }), false],
    ['Colaborador creates Usuário', colaborador, grant(3), false],
  ])('create: %s → %s', (_n, u, g, allowed) => {
    expect(canCreateUser(u, g, org)).toBe(allowed);
  });

  it('names the refused part of a registration', () => {
    expect(createRefusal(gestor, grant(2), org)).toBe(MSG.userCreateFailed(MSG.userPrivilegeDenied));
    expect(createRefusal(gestor, grant(3, { suport: 1 }), org)).toBe(
      'Falha ao cadastrar usuário, somente um Administrador pode conceder suporte.',
    );
    expect(createRefusal(gestor, grant(3, { setores: [SECTOR.rh, SECTOR.ti, SECTOR.compras] }), org)).toBe(
      'Falha ao cadastrar usuário, somente um Administrador pode conceder setores que você não tem: Recursos Humanos, Tecnologia de Informação.',
    );
    expect(createRefusal(gestor, grant(3, { filiais: ['Maua'] }), org)).toBe(
      'Falha ao cadastrar usuário, somente um Administrador pode conceder filiais que você não tem: Mauá.',
    );
    expect(createRefusal(colaborador, grant(3), org)).toBe(MSG.forbidden);
  });

  it.each([
    ['Administrador edits a Gestor', admin, target(2), grant(2), true],
    ['Administrador promotes to Administrador', admin, target(3), grant(1), true],
    ['Administrador gives support', admin, target(3), grant(3, { suport: 1 }), true],
    ['Gestor edits a Usuário', gestor, target(3), grant(3), true],
    ['Gestor promotes a Usuário to Gestor', gestor, target(3), grant(2), false],
    ['Gestor gives support', gestor, target(3), grant(3, { suport: 1 }), false],
    [
      'Gestor edits a support Usuário',
      gestor,
      supportUser,
      grant(3, { suport: 1, setores: [SECTOR.ti] }),
      false,
    ],
    [
      'Gestor adds a sector he lacks',
      gestor,
      target(3),
      grant(3, { setores: [SECTOR.compras, SECTOR.rh] }),
      false,
    ],
    ['Gestor adds a branch he lacks', gestor, target(3), grant(3, { filiais: ['Matriz', 'Maua'] }), false],
    [
      'Gestor keeps sectors and branches the user has',
      gestor,
      target(3, 200, { setores: [SECTOR.rh], filiais: ['Maua'] }),
      grant(3, { setores: [SECTOR.rh, SECTOR.compras], filiais: ['Maua', 'Matriz'] }),
      true,
    ],
    ['Gestor edits an Administrador', gestor, target(1), grant(1), false],
    ['Gestor edits another Gestor', gestor, target(2), grant(2), false],
    ['Colaborador edits a Usuário', colaborador, target(3), grant(3), false],
    ['Administrador demotes itself', admin, target(1, admin.userId), grant(3), false],
    ['Administrador edits own sectors', admin, target(1, admin.userId), grant(1), true],
  ])('update: %s → %s', (_n, u, t, change, allowed) => {
    expect(canUpdateUser(u, t, change, org)).toBe(allowed);
  });

  it('names the refused part of an update', () => {
    expect(updateRefusal(gestor, target(3), grant(3, { suport: 1 }), org)).toBe(
      'Somente um Administrador pode conceder suporte.',
    );
    expect(updateRefusal(gestor, supportUser, grant(3, { suport: 0 }), org)).toBe(MSG.userManageDenied);
    expect(updateRefusal(gestor, target(3), grant(2), org)).toBe(MSG.userPrivilegeChangeDenied);
  });

  it.each([
    ['Administrador → a Gestor', admin, target(2), true],
    ['Administrador → a support Usuário', admin, supportUser, true],
    ['Administrador → itself', admin, target(1, admin.userId), false],
    ['Gestor → a Usuário without support', gestor, target(3), true],
    ['Gestor → a support Usuário', gestor, supportUser, false],
    ['Gestor → an Administrador', gestor, target(1), false],
    ['Gestor → another Gestor', gestor, target(2), false],
    ['Colaborador → a Usuário', colaborador, target(3), false],
  ])('delete and password reset: %s → %s', (_n, u, t, allowed) => {
    expect(canDeleteUser(u, t)).toBe(allowed);
    expect(canResetPassword(u, t)).toBe(allowed);
  });

  it('abilities offer a Gestor his own sectors and branches plus the current ones, never support', () => {
    const t = target(3, 200, { setores: [SECTOR.rh], filiais: ['Maua'] });
    expect(userAbilitiesFor(gestor, t, org)).toEqual({
      update: true,
      delete: true,
      resetPassword: true,
      privileges: [3],
      suport: false,
      setores: [SECTOR.rh, SECTOR.compras],
      filiais: ['Matriz', 'Maua'],
    });
    expect(userAbilitiesFor(gestor, supportUser, org)).toMatchObject({
      update: false,
      suport: false,
      setores: [],
    });
    expect(userAbilitiesFor(admin, t, org)).toMatchObject({ suport: true, filiais: ['Matriz', 'Maua'] });
    expect(userAbilitiesFor(admin, t, org).setores).toHaveLength(9);
  });

  describe("the sectors and branches are the lists given (the database's, decision 0116)", () => {
    /** Compras renamed Suprimentos, a new active Logística, Faturamento deactivated, Mauá renamed Mauá Sul. */
    const renamed = {
      sectors: [
        ...org.sectors.filter((s) => s.name !== SECTOR.compras && s.name !== SECTOR.faturamento),
        { id: 4, name: 'Suprimentos', role: 'compras' as const, active: 1 },
        { id: 8, name: SECTOR.faturamento, role: 'faturamento' as const, active: 0 },
        { id: 10, name: 'Logística', role: null, active: 1 },
      ],
      branches: [org.branches[0]!, { id: 2, name: 'Maua', label: 'Mauá Sul', active: 1 }],
    };
    const gestorSuprimentos = actor(2, {
      setor: [{ sector: 'Suprimentos', role: 'compras' }],
      filiais: ['Maua'],
    });

    it('an administrator gives the active sectors and branches the lists hold, no others', () => {
      expect(grantableSectors(admin, renamed)).toContain('Logística');
      expect(grantableSectors(admin, renamed)).toContain('Suprimentos');
      expect(grantableSectors(admin, renamed)).not.toContain(SECTOR.compras);
      expect(grantableSectors(admin, renamed)).not.toContain(SECTOR.faturamento);
      expect(grantableSectors(admin, renamed)).toHaveLength(9);
      expect(grantableBranches(admin, renamed)).toEqual(['Matriz', 'Maua']);
    });

    it('a Gestor gives his own sectors by their new names, and a refusal names a branch by its label', () => {
      expect(grantableSectors(gestorSuprimentos, renamed)).toEqual(['Suprimentos']);
      expect(
        createRefusal(gestorSuprimentos, grant(3, { setores: ['Suprimentos'], filiais: ['Maua'] }), renamed),
      ).toBe(undefined);
      expect(
        createRefusal(
          gestorSuprimentos,
          grant(3, { setores: ['Suprimentos'], filiais: ['Matriz'] }),
          renamed,
        ),
      ).toBe(
        'Falha ao cadastrar usuário, somente um Administrador pode conceder filiais que você não tem: Matriz.',
      );
      const atMatriz = { ...gestorSuprimentos, filiais: ['Matriz'] };
      expect(
        createRefusal(atMatriz, grant(3, { setores: ['Suprimentos'], filiais: ['Maua'] }), renamed),
      ).toBe(
        'Falha ao cadastrar usuário, somente um Administrador pode conceder filiais que você não tem: Mauá Sul.',
      );
    });

    it('the edit form offers a deactivated sector only to the account that has it', () => {
      const faturista = target(3, 202, { setores: [SECTOR.faturamento] });
      expect(userAbilitiesFor(admin, faturista, renamed).setores).toContain(SECTOR.faturamento);
      expect(userAbilitiesFor(admin, target(3), renamed).setores).not.toContain(SECTOR.faturamento);
      expect(userAbilitiesFor(admin, target(3), renamed).setores).toContain('Logística');
    });
  });
});
