import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.ts';
import { cleanFilters, filterParams, filterQuery, sortableIds } from '../lists/columns.ts';
import { specOrg } from '../testing/org.ts';
import { USER_COLUMNS } from './users.columns.ts';
import { type UserRow, userListQuery } from './users.schemas.ts';

const row: UserRow = {
  id: 8,
  nome: 'Luiz Fernando Teixeira',
  matricula: '1008',
  cpf: null,
  email: null,
  tell: null,
  filial: 'Maua',
  privilegio: 3,
  suport: 1,
  admin: 0,
  foto: null,
  setores: ['Recursos Humanos', 'Compras'],
  filiais: ['Maua', 'Matriz'],
  abilities: {
    update: true,
    delete: true,
    resetPassword: true,
    privileges: [3],
    suport: false,
    setores: [],
    filiais: [],
  },
};

describe('the Usuários screen is one column description', () => {
  it('shows the texts of the screen', () => {
    expect(USER_COLUMNS.map((c) => c.header)).toEqual([
      'Nome',
      'Matrícula',
      'Setores',
      'Filiais',
      'Privilégio',
      'Suporte',
    ]);
    expect(USER_COLUMNS.map((c) => c.value(row, specOrg()))).toEqual([
      'Luiz Fernando Teixeira',
      '1008',
      'Recursos Humanos, Compras',
      'Mauá, Matriz',
      'Usuário',
      'Sim',
    ]);
  });

  it("shows a branch by the label the database's row has now", () => {
    const renamed = specOrg();
    renamed.branches[1] = { id: 2, name: 'Maua', label: 'Mauá Sul', active: 0 };
    expect(USER_COLUMNS.find((c) => c.id === 'filiais')?.value(row, renamed)).toBe('Mauá Sul, Matriz');
  });

  it('its search box is the `data` parameter of GET /api/users, as long as the call takes', () => {
    expect(filterParams(USER_COLUMNS)).toEqual(['data']);
    expect(sortableIds(USER_COLUMNS)).toEqual(['nome']);
    const long = 'Maria Aparecida dos Santos Oliveira de Souza e Silva Lima Costa';
    const { data } = filterQuery(USER_COLUMNS, { nome: long });
    expect(data).toHaveLength(LIMITS.userNameMax);
    expect(cleanFilters(USER_COLUMNS, { nome: '  joao ' })).toEqual({ nome: 'joao' });
    expect(userListQuery.safeParse({ data, isAlter: '1', cursor: '' }).success).toBe(true);
  });
});
