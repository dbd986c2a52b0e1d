import { z } from 'zod';
import '../zod-locale.ts';
import { bodyId, queryInt } from '../ids.ts';
import { LIMITS } from '../limits.ts';
import { listTotal } from '../lists/list-total.ts';
import { MSG } from '../messages.ts';
import { ROLE } from '../roles.ts';
import { firstActiveBranch, type OrgLists, roleSectorName } from '../sectors/sectors.names.ts';
import { orgBranchName, orgNameList, orgSectorName } from '../sectors/sectors.schemas.ts';

/** Privilege labels of the registration form (spec §5: Administrador, Gestor, others only Usuário). */
export const PRIVILEGE_OPTIONS = [
  { value: ROLE.Administrador, label: 'Administrador' },
  { value: ROLE.Gestor, label: 'Gestor' },
  { value: ROLE.Colaborador, label: 'Usuário' },
] as const;

/** Defaults of a new user (spec §9); his sector and branch come from newUserPlace. */
export const NEW_USER_DEFAULTS = {
  privilegio: ROLE.Colaborador,
  suport: 0,
};

/**
 * Where a new user starts when the sender names no sector or branch (spec §9: Recursos Humanos at
 * the Matriz): the sector that plays HR's part and the oldest active branch, by the company's lists.
 */
export const newUserPlace = (org: OrgLists) => ({
  setor: roleSectorName(org.sectors, 'rh'),
  filial: firstActiveBranch(org.branches)?.name ?? '',
});

/** The shape of a sector or branch name; the server checks it names an active row (org.names.ts). */
const sectorName = orgSectorName('Informe o setor.');
const branchName = orgBranchName('Informe a filial.');

const privilegio = z
  .number({ error: 'Informe o privilégio.' })
  .int()
  .refine((v) => v === 1 || v === 2 || v === 3, { error: 'Privilégio inválido.' });

const flag = z
  .number()
  .int()
  .refine((v) => v === 0 || v === 1, { error: 'Valor inválido.' });

const userName = z
  .string({ error: 'Informe o nome.' })
  .trim()
  .min(1, { error: 'Informe o nome.' })
  .max(LIMITS.userNameMax, { error: `O nome deve ter no máximo ${LIMITS.userNameMax} caracteres.` });

/** Matrícula: digits, at most 4 (spec §5). */
const matricula = z
  .string({ error: 'Informe a matrícula.' })
  .trim()
  .min(1, { error: 'Informe a matrícula.' })
  .max(LIMITS.userRegistrationMax, {
    error: `A matrícula deve ter no máximo ${LIMITS.userRegistrationMax} dígitos.`,
  })
  // Empty says only 'Informe a matrícula.' (min), not also that it lacks digits.
  .regex(/^\d*$/, { error: 'A matrícula deve ter apenas números.' });

/** CPF: typed with or without the mask; stored as its digits (at most 11, spec §5). */
const cpf = z
  .string()
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(
    z
      .string()
      .max(LIMITS.cpfDigits, { error: `O CPF deve ter no máximo ${LIMITS.cpfDigits} dígitos.` })
      .transform((v) => (v === '' ? null : v)),
  )
  .nullable()
  .optional()
  .transform((v) => v ?? null);

export const EMAIL_MAX = 255;
const optionalEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX)
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Informe um e-mail válido.' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

const optionalPhone = z
  .string()
  .trim()
  .max(20, { error: 'O telefone deve ter no máximo 20 caracteres.' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

const userPassword = z
  .string({ error: MSG.passwordTooShort })
  .min(LIMITS.passwordMin, { error: MSG.passwordTooShort })
  .max(LIMITS.passwordMax, { error: `A senha deve ter no máximo ${LIMITS.passwordMax} caracteres.` });

/** A privilege below 3 always carries suport 1 (spec §5). */
export const forcedSuport = (privilegio: number, suport: number) =>
  privilegio < ROLE.Colaborador ? 1 : suport;

/** The main value first, then the others, each once. */
function withMainFirst<T>(main: T, list: readonly T[] | undefined): T[] {
  return [...new Set([main, ...(list ?? [])])];
}

const sectorList = orgNameList(sectorName);
const branchList = orgNameList(branchName);

export const registrationFields = {
  nome: userName,
  matricula,
  cpf,
  email: optionalEmail,
  tell: optionalPhone,
  senha: userPassword,
  filial: branchName.optional(),
  setor: sectorName.optional(),
  privilegio: privilegio.default(NEW_USER_DEFAULTS.privilegio),
  suport: flag.default(0),
  setores: sectorList.optional(),
  filiais: branchList.optional(),
};

type RegistrationRaw = {
  filial?: string;
  setor?: string;
  privilegio: number;
  suport: number;
  setores?: string[];
  filiais?: string[];
};

function normalizeRegistration<T extends RegistrationRaw>(v: T) {
  return { ...v, suport: forcedSuport(v.privilegio, v.suport) };
}

/**
 * A registration with its main sector and branch (those sent, else `place`: newUserPlace), each
 * first in its list, once.
 */
export function placedRegistration<T extends RegistrationRaw>(
  v: T,
  place: { setor: string; filial: string },
) {
  const setor = v.setor ?? place.setor;
  const filial = v.filial ?? place.filial;
  return {
    ...v,
    setor,
    filial,
    setores: withMainFirst(setor, v.setores),
    filiais: withMainFirst(filial, v.filiais),
  };
}

/** POST /api/users: the registration payload plus suport (spec §7). */
export const createUserBody = z.object(registrationFields).transform(normalizeRegistration);
export type CreateUserBody = z.output<typeof createUserBody>;
export type CreateUserInput = z.input<typeof createUserBody>;

/** The registration form: the body plus the password confirmation (spec §5). */
export const registerUserForm = z
  .object({ ...registrationFields, confirmSenha: z.string() })
  .refine((v) => v.senha === v.confirmSenha, {
    path: ['confirmSenha'],
    error: MSG.userPasswordsDontMatch,
    when: (p) => typeof p.value === 'object' && p.value !== null,
  })
  .transform(({ confirmSenha: _c, ...v }) => normalizeRegistration(v));
export type RegisterUserFormInput = z.input<typeof registerUserForm>;

const userId = bodyId('Usuário inválido.');

/** PUT /api/users: sectors, branches, privilege and support of one user (spec §6). */
export const updateUserBody = z
  .object({
    userId,
    setores: sectorList.min(1, { error: 'Escolha ao menos um setor.' }),
    filiais: branchList.min(1, { error: 'Escolha ao menos uma filial.' }),
    filial: branchName.optional(),
    privilegio,
    suport: flag,
  })
  .transform((v) => {
    const filial = v.filial ?? v.filiais[0]!;
    return {
      ...v,
      suport: forcedSuport(v.privilegio, v.suport),
      filial,
      filiais: withMainFirst(filial, v.filiais),
      setores: [...new Set(v.setores)],
    };
  });
export type UpdateUserBody = z.output<typeof updateUserBody>;
export type UpdateUserInput = z.input<typeof updateUserBody>;

/** PUT /api/users/password: an administrator sets a new password, no old password asked (spec §6). */
export const resetUserPasswordBody = z.object({ userId, senha: userPassword });

export const resetUserPasswordForm = z
  .object({ senha: userPassword, confirmSenha: z.string() })
  .refine((v) => v.senha === v.confirmSenha, {
    path: ['confirmSenha'],
    error: MSG.userPasswordsDontMatch,
    when: (p) => typeof p.value === 'object' && p.value !== null,
  });

export const dropUserBody = z.object({ userId });
/** POST /api/dropUser answers {success, message, error} (spec §7). */
export const dropUserReply = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.string().nullable(),
});

export const USER_PAGE_SIZES = [10, 20, 50] as const;

/**
 * GET /api/users {data, isAlter} (spec §7): `data` is the search text. isAlter=1 is the
 * administration list (full rows, needs the Usuarios permission; searches name, matrícula or CPF);
 * otherwise a directory for pickers (name, matrícula and sectors only; searches name or matrícula,
 * never CPF, which is personal data).
 */
export const userListQuery = z.object({
  data: z
    .string()
    .trim()
    .max(LIMITS.userNameMax, { error: `A busca deve ter no máximo ${LIMITS.userNameMax} caracteres.` })
    .optional()
    .default(''),
  isAlter: queryInt({ max: 1 }).optional().default(0),
  setor: sectorName.optional(),
  page: queryInt({ min: 1 }).optional().default(1),
  pageSize: queryInt({ min: 1, max: 100 }).optional().default(20),
  /** Keyset paging: '' on the first page, then the `nextCursor` of the previous one (no offset). */
  cursor: z.string().max(500).optional(),
});
export type UserListQuery = z.input<typeof userListQuery>;

export const userAbilities = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  resetPassword: z.boolean(),
  /** The privileges the caller may give this user. */
  privileges: z.array(z.number()),
  /** Whether the caller may switch support on or off (only an administrator gives support). */
  suport: z.boolean(),
  /** The sectors and branches the edit form offers: what the caller may give plus what the user has. */
  setores: z.array(z.string()),
  filiais: z.array(z.string()),
});
export type UserAbilities = z.infer<typeof userAbilities>;

export const userRow = z.object({
  id: z.number(),
  nome: z.string(),
  matricula: z.string(),
  cpf: z.string().nullable(),
  email: z.string().nullable(),
  tell: z.string().nullable(),
  filial: z.string(),
  privilegio: z.number(),
  suport: z.number(),
  admin: z.number(),
  foto: z.string().nullable(),
  setores: z.array(z.string()),
  filiais: z.array(z.string()),
  abilities: userAbilities,
});
export type UserRow = z.infer<typeof userRow>;

export const directoryRow = z.object({
  id: z.number(),
  nome: z.string(),
  matricula: z.string(),
  setores: z.array(z.string()),
});
export type DirectoryRow = z.infer<typeof directoryRow>;

export const userListReply = z.object({
  users: z.array(z.union([userRow, directoryRow])),
  ...listTotal,
  /** With a `cursor` in the request, while more users follow. */
  nextCursor: z.string().optional(),
  page: z.number(),
  pageSize: z.number(),
  /** Privileges the caller may give a new user (empty when it cannot create users). */
  creatablePrivileges: z.array(z.number()),
});
export type UserListReply = z.infer<typeof userListReply>;

export const createUserReply = z.object({
  success: z.literal(true),
  message: z.string(),
  userId: z.number(),
});

export const sectorsReply = z.array(z.object({ id: z.number(), name: z.string() }));
export const branchesReply = z.array(z.object({ id: z.number(), name: z.string(), label: z.string() }));
