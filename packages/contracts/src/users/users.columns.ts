import { LIMITS } from '../limits.ts';
import { defineColumns } from '../lists/columns.ts';
import { branchLabelOf } from '../sectors/sectors.names.ts';
import { PRIVILEGE_OPTIONS, type UserRow } from './users.schemas.ts';

export const userPrivilegeLabel = (p: number): string =>
  PRIVILEGE_OPTIONS.find((o) => o.value === p)?.label ?? String(p);

/**
 * The columns of the Usuários screen (/setusers). Its one search box is the name column's filter:
 * `GET /api/users`'s `data` (a name, or matrícula/CPF digits), as long as the call accepts; the
 * list is always by name.
 */
export const USER_COLUMNS = defineColumns<UserRow>()([
  {
    id: 'nome',
    header: 'Nome',
    width: 32,
    sortable: true,
    filter: { kind: 'text', param: 'data', max: LIMITS.userNameMax },
    value: (r) => r.nome,
    phone: true,
  },
  { id: 'matricula', header: 'Matrícula', width: 12, value: (r) => r.matricula },
  { id: 'setores', header: 'Setores', width: 30, value: (r) => r.setores.join(', ') },
  {
    id: 'filiais',
    header: 'Filiais',
    width: 18,
    value: (r, cx) => r.filiais.map((b) => branchLabelOf(cx.branches, b)).join(', '),
  },
  { id: 'privilegio', header: 'Privilégio', width: 14, value: (r) => userPrivilegeLabel(r.privilegio) },
  { id: 'suport', header: 'Suporte', width: 10, value: (r) => (r.suport === 1 ? 'Sim' : 'Não') },
]);
