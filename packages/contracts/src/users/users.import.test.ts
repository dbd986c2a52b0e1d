import { describe, expect, it } from 'vitest';
import { cpfWithCheckDigits, readCpf } from '../cpf.ts';
import { readImportHeader, readYesNo, splitList } from '../platform/sheet-import.ts';
import { readPrivilege, readUserImportRow, USER_IMPORT_COLUMNS } from './users.import.ts';

const line = {
  matricula: '3001',
  nome: 'Ana Beatriz Lima',
  cpf: '529.982.247-25',
  email: 'ana.lima@rotasul.com.br',
  setores: 'Compras; Operação',
  filial: 'Mauá',
  privilegio: 'Usuário',
  suport: 'Não',
};

describe('the users sheet', () => {
  it('reads headers with or without accents, in any case, and says which required ones are missing', () => {
    const header = readImportHeader(USER_IMPORT_COLUMNS, [
      'MATRICULA',
      'nome',
      'cpf',
      'Email',
      'Setor(es)',
      'Obs.',
    ]);
    expect(header.fields).toEqual(['matricula', 'nome', 'cpf', 'email', 'setores', undefined]);
    expect(header.ignored).toEqual(['Obs.']);
    expect(header.missing).toEqual(['Filial', 'Privilégio']);
  });

  it('reads a good line: sectors and branches as typed, the main one first', () => {
    expect(readUserImportRow(line)).toEqual({
      ok: true,
      user: {
        matricula: '3001',
        nome: 'Ana Beatriz Lima',
        cpf: '52998224725',
        email: 'ana.lima@rotasul.com.br',
        setores: ['Compras', 'Operação'],
        filiais: ['Mauá'],
        privilegio: 3,
        suport: 0,
      },
    });
  });

  it('gives every reason of a refused line, in Portuguese', () => {
    const row = readUserImportRow({
      ...line,
      cpf: '529.982.247-24',
      email: 'ana@',
      privilegio: 'Chefe',
      suport: 'talvez',
    });
    expect(row).toEqual({
      ok: false,
      reason:
        'CPF inválido: 529.982.247-24; Informe um e-mail válido.; Privilégio desconhecido: Chefe (use Administrador, Gestor ou Usuário).; Suporte inválido: talvez (use Sim ou Não).',
    });
    expect(readUserImportRow({ ...line, matricula: '12a', setores: '' })).toMatchObject({
      ok: false,
      reason: 'A matrícula deve ter apenas números.; Informe ao menos um setor.',
    });
  });

  it('a Gestor or Administrador always has support (spec §5)', () => {
    expect(readUserImportRow({ ...line, privilegio: 'gestor', suport: '' })).toMatchObject({
      ok: true,
      user: { privilegio: 2, suport: 1 },
    });
  });

  it('reads privileges, yes/no, lists and CPFs as spreadsheets write them', () => {
    expect([
      readPrivilege('ADMINISTRADOR'),
      readPrivilege('2'),
      readPrivilege('usuario'),
      readPrivilege('x'),
    ]).toEqual([1, 2, 3, undefined]);
    expect([readYesNo('Sim'), readYesNo('não'), readYesNo(''), readYesNo('1'), readYesNo('?')]).toEqual([
      1,
      0,
      0,
      1,
      undefined,
    ]);
    expect(splitList(' Compras , Frota;; RH ')).toEqual(['Compras', 'Frota', 'RH']);
    // A number cell lost the leading zero: padded back, and the check digits decide.
    const zeroFirst = cpfWithCheckDigits('012345678');
    expect(readCpf(zeroFirst.slice(1))).toBe(zeroFirst);
    expect(readCpf('111.444.777-35')).toBe('11144477735');
  });
});
