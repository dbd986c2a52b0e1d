import { describe, expect, it } from 'vitest';
import {
  type Actor,
  hasAnyRole,
  hasRole,
  inSector,
  isAdmin,
  isAdministrador,
  isGestorOrAbove,
  isSupport,
  normalizeName,
  ROLE,
  ROLE_LABEL,
  SECTOR_ROLE_LABEL,
  type SectorRole,
} from './roles.ts';
import { actor } from './testing/actor.ts';

/** A user as the session describes it; every field can be overridden per row. */

describe('roles and flags (spec §1, §6)', () => {
  it('numbers the roles 1 Administrador, 2 Gestor, 3 Colaborador', () => {
    expect(ROLE).toEqual({ Administrador: 1, Gestor: 2, Colaborador: 3 });
    expect(ROLE_LABEL).toEqual({ 1: 'Administrador', 2: 'Gestor', 3: 'Colaborador' });
  });

  it.each([
    ['Administrador', actor({ privilegio: 1, admin: 1, suport: 1 }), true],
    ['Administrador sem a flag admin', actor({ privilegio: 1, admin: 0, suport: 1 }), true],
    ['Gestor', actor({ privilegio: 2, suport: 1 }), false],
    ['Colaborador com a flag admin', actor({ privilegio: 3, admin: 1 }), false],
    ['Colaborador', actor({ privilegio: 3 }), false],
  ])('isAdministrador (role 1 only): %s → %s', (_name, u, expected) => {
    expect(isAdministrador(u)).toBe(expected);
  });

  // roles.ts documents the project's reading: the admin flag and the Administrador role both mean
  // full administration.
  it.each([
    ['admin flag on a Colaborador', actor({ privilegio: 3, admin: 1 }), true],
    ['admin flag on a Gestor', actor({ privilegio: 2, admin: 1, suport: 1 }), true],
    ['Administrador role without the flag', actor({ privilegio: 1, admin: 0, suport: 1 }), true],
    ['Gestor without the flag', actor({ privilegio: 2, suport: 1 }), false],
    ['Colaborador with support only', actor({ privilegio: 3, suport: 1 }), false],
  ])('isAdmin: %s → %s', (_name, u, expected) => {
    expect(isAdmin(u)).toBe(expected);
  });

  it.each([
    [1, true],
    [2, true],
    [3, false],
  ])('"role below 3" (isGestorOrAbove) for privilegio %i → %s', (privilegio, expected) => {
    expect(isGestorOrAbove(actor({ privilegio }))).toBe(expected);
  });

  it.each([
    [1, true],
    [0, false],
  ])('isSupport for suport %i → %s', (suport, expected) => {
    expect(isSupport(actor({ suport }))).toBe(expected);
  });
});

describe('sectors and branches (spec §3, decisions "Names and values")', () => {
  it("names each workflow role by the spec's sector, spelled as a fresh install stores it", () => {
    expect(Object.values(SECTOR_ROLE_LABEL).sort()).toEqual(
      [
        'Recursos Humanos',
        'Tecnologia de Informação',
        'QSSMA',
        'Compras',
        'Infraestrutura',
        'Operação',
        'Estoque',
        'Faturamento',
        'Gestão de Multas',
      ].sort(),
    );
  });

  it.each([
    ['Tecnologia de Informação', 'tecnologia de informacao'],
    ['Tecnologia de Informacao', 'tecnologia de informacao'],
    ['  Operação  ', 'operacao'],
    ['GESTÃO DE MULTAS', 'gestao de multas'],
    ['Mauá', 'maua'],
    // The same word typed with combining accents (NFD), as some keyboards and file systems send it.
    ['Operac\u0327a\u0303o', 'operacao'],
    ['QSSMA', 'qssma'],
    ['', ''],
  ])('normalizeName(%j) → %j', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
    // Asked again (its kept form), the answer is the same.
    expect(normalizeName(input)).toBe(expected);
  });

  it('answers the same once many names and long ones went through it (the kept forms are bounded)', () => {
    for (let i = 0; i < 1200; i++) expect(normalizeName(`Seção ${i} `)).toBe(`secao ${i}`);
    const long = `${'Á'.repeat(100)} Operação`;
    expect(normalizeName(long)).toBe(`${'a'.repeat(100)} operacao`);
    expect(normalizeName(long)).toBe(`${'a'.repeat(100)} operacao`);
    expect(normalizeName('Mauá')).toBe('maua');
  });

  it.each<[string, string[], string, boolean]>([
    ['the stored name', ['Recursos Humanos'], SECTOR_ROLE_LABEL.rh, true],
    ['a lower-case legacy spelling', ['recursos humanos'], SECTOR_ROLE_LABEL.rh, true],
    ['TI without the accent', ['Tecnologia de Informacao'], SECTOR_ROLE_LABEL.ti, true],
    ['the second of two sectors', ['Operação', 'Estoque'], SECTOR_ROLE_LABEL.estoque, true],
    ['another sector', ['Compras'], SECTOR_ROLE_LABEL.rh, false],
    ['no sector at all', [], SECTOR_ROLE_LABEL.compras, false],
    ['a name that only contains the sector', ['Compras Internacionais'], SECTOR_ROLE_LABEL.compras, false],
  ])('inSector with %s → %s', (_name, sectors, sector, expected) => {
    expect(inSector(actor({ sectors }), sector)).toBe(expected);
  });

  it.each<[string[], SectorRole[], boolean]>([
    [['QSSMA'], ['rh', 'qssma'], true],
    [['Recursos Humanos'], ['rh', 'qssma'], true],
    [['Compras', 'Recursos Humanos'], ['rh', 'qssma'], true],
    [['Compras'], ['rh', 'qssma'], false],
    [['Compras'], [], false],
  ])('hasAnyRole(%j, %j) → %s', (sectors, wanted, expected) => {
    expect(hasAnyRole(actor({ sectors }), wanted)).toBe(expected);
  });

  it('asks for the role the sector plays, never its name (decision 0114)', () => {
    const renamed: Actor = { ...actor(), setor: [{ sector: 'Suprimentos', role: 'compras' }] };
    expect(hasRole(renamed, 'compras')).toBe(true);
    expect(hasRole(actor({ sectors: ['Compras'] }), 'compras')).toBe(true);
    const nameOnly: Actor = { ...actor(), setor: [{ sector: 'Compras', role: null }] };
    expect(hasRole(nameOnly, 'compras')).toBe(false);
  });
});
