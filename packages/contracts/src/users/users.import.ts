import type { z } from 'zod';
import { readCpf } from '../cpf.ts';
import { defineColumns } from '../lists/columns.ts';
import { type ImportColumn, readYesNo, splitList } from '../platform/sheet-import.ts';
import { normalizeName, ROLE } from '../roles.ts';
import { userPrivilegeLabel } from './users.columns.ts';
import { forcedSuport, PRIVILEGE_OPTIONS, registrationFields, type UserRow } from './users.schemas.ts';

/**
 * The users' spreadsheet (decision 0117): the columns the import reads and the export writes, in
 * this order, so that an exported file imported again changes nothing.
 */
export const USER_IMPORT_COLUMNS = [
  { field: 'matricula', header: 'Matrícula', required: true },
  { field: 'nome', header: 'Nome', required: true },
  { field: 'cpf', header: 'CPF', required: true },
  { field: 'email', header: 'E-mail', required: true },
  { field: 'setores', header: 'Setores', aliases: ['Setor', 'Setor(es)'], required: true },
  { field: 'filial', header: 'Filial', aliases: ['Filiais', 'Filial(is)'], required: true },
  { field: 'privilegio', header: 'Privilégio', required: true },
  { field: 'suport', header: 'Suporte' },
] as const satisfies readonly ImportColumn[];
export type UserImportField = (typeof USER_IMPORT_COLUMNS)[number]['field'];

/** A user as the sheet shows him: `filiais` are the branches' labels, as people read them. */
export type UserSheetRow = Pick<
  UserRow,
  'matricula' | 'nome' | 'cpf' | 'email' | 'setores' | 'filiais' | 'privilegio' | 'suport'
>;

/** "12345678909" as "123.456.789-09": a text cell, so no program drops its leading zeros. */
export const maskedCpf = (cpf: string | null) =>
  cpf && /^\d{11}$/.test(cpf) ? cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') : cpf;

const headerOf = (f: UserImportField) => USER_IMPORT_COLUMNS.find((c) => c.field === f)?.header ?? f;

/** usuarios.xlsx: the import's columns, with what the import reads back. */
export const USER_SHEET_COLUMNS = defineColumns<UserSheetRow>()([
  { id: 'matricula', header: headerOf('matricula'), width: 12, value: (r) => r.matricula },
  { id: 'nome', header: headerOf('nome'), width: 40, value: (r) => r.nome },
  { id: 'cpf', header: headerOf('cpf'), width: 16, value: (r) => maskedCpf(r.cpf) },
  { id: 'email', header: headerOf('email'), width: 36, value: (r) => r.email },
  { id: 'setores', header: headerOf('setores'), width: 36, value: (r) => r.setores.join(', ') },
  { id: 'filial', header: headerOf('filial'), width: 18, value: (r) => r.filiais.join(', ') },
  {
    id: 'privilegio',
    header: headerOf('privilegio'),
    width: 14,
    value: (r) => userPrivilegeLabel(r.privilegio),
  },
  { id: 'suport', header: headerOf('suport'), width: 10, value: (r) => (r.suport === 1 ? 'Sim' : 'Não') },
]);

/** One user of the file: sectors and branches as `names` answered them (main first). */
export interface ImportedUser {
  matricula: string;
  nome: string;
  cpf: string;
  email: string;
  setores: string[];
  filiais: string[];
  privilegio: number;
  suport: number;
}

export type UserImportRow = { ok: true; user: ImportedUser } | { ok: false; reason: string };

/** "Administrador", "Gestor", "Usuário" (the form's labels; also "Colaborador") or 1, 2, 3. */
export function readPrivilege(text: string): number | undefined {
  const key = normalizeName(text);
  const byLabel = PRIVILEGE_OPTIONS.find((o) => normalizeName(o.label) === key);
  if (byLabel) return byLabel.value;
  if (key === 'colaborador') return ROLE.Colaborador;
  const n = Number(key);
  return key !== '' && PRIVILEGE_OPTIONS.some((o) => o.value === n) ? n : undefined;
}

/** The first message of a field schema's refusal, or its parsed value. */
function field<T>(schema: z.ZodType, value: string, errors: string[]): T | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as T;
  errors.push(parsed.error.issues[0]?.message ?? 'Valor inválido.');
  return undefined;
}

/**
 * Checks typed sector or branch names against the database's active rows (the server's
 * org.names.ts): the stored names, or a reason pushed to `errors`.
 */
export type NameCheck = (typed: string[], errors: string[]) => string[];

/**
 * One line of the users' sheet by the registration form's rules (name, matrícula, e-mail), a CPF
 * with valid check digits, at least one sector and branch (each checked by `names`), a known
 * privilege. A refusal gives every reason of the line, in the columns' order, in Portuguese.
 */
export function readUserImportRow(
  cells: Record<UserImportField, string>,
  names: { setores: NameCheck; filiais: NameCheck } = { setores: (t) => t, filiais: (t) => t },
): UserImportRow {
  const errors: string[] = [];
  const matricula = field<string>(registrationFields.matricula, cells.matricula ?? '', errors);
  const nome = field<string>(registrationFields.nome, cells.nome ?? '', errors);
  const cpf = readCpf(cells.cpf ?? '');
  if (!cpf) errors.push(cells.cpf ? `CPF inválido: ${cells.cpf}` : 'Informe o CPF.');
  const email = field<string | null>(registrationFields.email, cells.email ?? '', errors);
  if (email === null) errors.push('Informe o e-mail (é por ele que o usuário cria a senha).');
  const setorNames = splitList(cells.setores ?? '');
  if (setorNames.length === 0) errors.push('Informe ao menos um setor.');
  const setores = names.setores(setorNames, errors);
  const filialNames = splitList(cells.filial ?? '');
  if (filialNames.length === 0) errors.push('Informe a filial.');
  const filiais = names.filiais(filialNames, errors);
  const privilegio = readPrivilege(cells.privilegio ?? '');
  if (privilegio === undefined)
    errors.push(
      cells.privilegio
        ? `Privilégio desconhecido: ${cells.privilegio} (use Administrador, Gestor ou Usuário).`
        : 'Informe o privilégio.',
    );
  const suport = readYesNo(cells.suport ?? '');
  if (suport === undefined) errors.push(`Suporte inválido: ${cells.suport} (use Sim ou Não).`);
  if (errors.length > 0) return { ok: false, reason: errors.join('; ') };
  return {
    ok: true,
    user: {
      matricula: matricula as string,
      nome: nome as string,
      cpf: cpf as string,
      email: email as string,
      setores,
      filiais,
      privilegio: privilegio as number,
      suport: forcedSuport(privilegio as number, suport as number),
    },
  };
}
