import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { SECTOR_ROLE_LABEL as SECTOR } from '../roles.ts';
import { specOrg } from '../testing/org.ts';
import {
  createUserBody,
  newUserPlace,
  placedRegistration,
  registerUserForm,
  updateUserBody,
} from './users.schemas.ts';

const base = { nome: 'Ana Clara Souza', matricula: '2001', senha: 'segredo1', confirmSenha: 'segredo1' };
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('user registration rules (spec §5)', () => {
  it('applies the defaults: Recursos Humanos at the Matriz, privilege 3', () => {
    const v = placedRegistration(registerUserForm.parse(base), newUserPlace(specOrg()));
    expect(v).toMatchObject({ filial: 'Matriz', setor: SECTOR.rh, privilegio: 3, suport: 0 });
    expect(v.setores).toEqual([SECTOR.rh]);
    expect(v.filiais).toEqual(['Matriz']);
  });

  it('the default place follows the company: the renamed HR sector, the oldest active branch', () => {
    const org = specOrg();
    const renamed = {
      sectors: org.sectors.map((s) => (s.role === 'rh' ? { ...s, name: 'Gente e Gestão' } : s)),
      branches: org.branches.map((b) => (b.id === 1 ? { ...b, active: 0 } : b)),
    };
    expect(newUserPlace(renamed)).toEqual({ setor: 'Gente e Gestão', filial: 'Maua' });
    const sent = placedRegistration(
      createUserBody.parse({ ...base, setores: ['Compras'] }),
      newUserPlace(renamed),
    );
    expect(sent).toMatchObject({
      setor: 'Gente e Gestão',
      setores: ['Gente e Gestão', 'Compras'],
      filiais: ['Maua'],
    });
  });

  it.each([
    ['name over 55', { nome: 'x'.repeat(56) }, 'nome', 'O nome deve ter no máximo 55 caracteres.'],
    ['matrícula over 4', { matricula: '12345' }, 'matricula', 'A matrícula deve ter no máximo 4 dígitos.'],
    ['matrícula with letters', { matricula: '12a' }, 'matricula', 'A matrícula deve ter apenas números.'],
    ['CPF over 11 digits', { cpf: '123.456.789-012' }, 'cpf', 'O CPF deve ter no máximo 11 dígitos.'],
    ['confirmation differs', { confirmSenha: 'outra123' }, 'confirmSenha', MSG.userPasswordsDontMatch],
  ])('%s is refused', (_n, change, field, message) => {
    expect(issues(registerUserForm.safeParse({ ...base, ...change }))[field]).toBe(message);
  });

  it('keeps the CPF digits only', () => {
    expect(registerUserForm.parse({ ...base, cpf: '529.982.247-25' }).cpf).toBe('52998224725');
  });

  it.each([
    [1, 0, 1],
    [2, 0, 1],
    [3, 0, 0],
    [3, 1, 1],
  ])('privilege %i with suport %i gives suport %i', (privilegio, suport, expected) => {
    expect(createUserBody.parse({ ...base, privilegio, suport }).suport).toBe(expected);
    expect(
      updateUserBody.parse({ userId: 1, setores: ['Compras'], filiais: ['Matriz'], privilegio, suport })
        .suport,
    ).toBe(expected);
  });

  it('accepts several sectors and branches, main first, each name trimmed (the server checks the names)', () => {
    const sent = createUserBody.parse({
      ...base,
      setor: ' Operação ',
      setores: ['Estoque', 'Operação'],
      filial: 'Maua',
      filiais: ['Matriz'],
    });
    const v = placedRegistration(sent, newUserPlace(specOrg()));
    expect(v.setores).toEqual([SECTOR.operacao, SECTOR.estoque]);
    expect(v.filiais).toEqual(['Maua', 'Matriz']);
    // A sector the code never heard of is the database's to accept (decision 0116).
    expect(createUserBody.safeParse({ ...base, setor: 'Marketing' }).success).toBe(true);
  });

  it('refuses an empty or too long sector name in Portuguese', () => {
    const empty = createUserBody.safeParse({ ...base, setor: '  ' });
    expect(empty.error?.issues[0]?.message).toBe('Informe o setor.');
    const long = createUserBody.safeParse({ ...base, filiais: ['x'.repeat(31)] });
    expect(long.error?.issues[0]?.message).toBe('O nome da filial deve ter no máximo 30 caracteres.');
  });
});
