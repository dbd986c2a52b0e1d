import type { SectorRole } from '@intranet/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { digitPrefixRange, searchedDigits } from '../../platform/digit-prefix.ts';
import { type PageRequest, pagedQuery, rangeTest } from '../../platform/lists/index.ts';
import { branchesInOrder, membershipsOf, sectorsInOrder } from '../../platform/memberships.ts';
import { containsText, type TextTest } from '../../platform/text-search.ts';

export interface UserFilter {
  search: string;
  /** CPF digits match only for user administrators: anyone else could rebuild a CPF digit by digit. */
  matchCpf: boolean;
  setor?: string;
}

/** The users list pages by name only (the directory and the Usuários screen). */
export type UserPage = Omit<PageRequest<'nome'>, 'sort' | 'dir' | 'count'>;

/**
 * Active users matching the search (name, matrícula or, if allowed, CPF digits) and sector; `how`
 * is how the name's "contains" tests a row (pagedQuery chooses).
 */
const filtered = (db: DbOrTx, f: UserFilter) => (how: TextTest) => {
  let q = db.selectFrom('users as u');
  const text = f.search.trim();
  // Digits (a CPF may come masked): a matrícula or CPF prefix.
  const digits = searchedDigits(text);
  if (digits) {
    // Index ranges on the unique columns, both digits only, ORed on the row itself. A prefix that
    // many users share (a CPF prefix matching 10,000) is walked in name order like a common text,
    // where its index would hand every match to a sort; a rare one is read through its index:
    // SQLite's multi-index OR, PostgreSQL's BitmapOr. "active + 0" hides the (active, nome) index
    // from a read that must go through the ranges' indexes: on SQLite, which plans without
    // statistics and walks through pagedQuery (lists/paged-query.ts#rangeTest), the index read; on
    // PostgreSQL, whose statistics choose the walk for the page, only the count (`how` 'count'),
    // which else scans the table for the cap's 1,001 matches (2.3 ms against a bitmap's 1.1). On
    // its page, "active + 0" (estimated at 0.5 % of the rows) made a 10,000-user prefix read
    // through its index and sorted: 2.8 ms against 0.9 walked by name (decision
    // 0025).
    const [lower, upper] = digitPrefixRange(digits);
    const withCpf = f.matchCpf && digits.length >= 3;
    const prefix = (column: 'matricula' | 'cpf') =>
      rangeTest(
        db,
        'users',
        column,
        [
          ['>=', lower],
          ['<=', upper],
        ],
        how,
        'u',
      );
    q = q.where((eb) => eb.or([prefix('matricula'), ...(withCpf ? [prefix('cpf')] : [])]));
    const pg = isPostgres(db);
    if (pg && typeof how === 'object') how.countDiffers = true;
    q =
      how === (pg ? 'count' : 'index')
        ? q.where(sql<boolean>`${sql.ref('u.active')} + 0 = 1`)
        : q.where('u.active', '=', 1);
  } else if (text && how === 'index') {
    // Through the search index (a rare text, or one the walk did not find): "active + 0" as above,
    // else SQLite walks the whole (active, nome) index testing each id against the text's matches.
    q = q
      .where(containsText(db, { table: 'users', column: 'nome', as: 'u' }, text, how))
      .where(sql<boolean>`${sql.ref('u.active')} + 0 = 1`);
  } else {
    q = q.where('u.active', '=', 1);
    if (text) q = q.where(containsText(db, { table: 'users', column: 'nome', as: 'u' }, text, how));
  }
  if (f.setor) {
    const setor = f.setor;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_sectors as us')
          .innerJoin('sectors as s', 's.id', 'us.sector_id')
          .select(sql`1`.as('one'))
          .whereRef('us.user_id', '=', 'u.id')
          .where('s.name', '=', setor),
      ),
    );
  }
  return q;
};

/**
 * One page of them by name: counted on the first page only and up to LIMITS.listTotalCap, later
 * pages by cursor (the `(active, nome)` index walked from the last name, no offset).
 */
export function listUsers(db: DbOrTx, f: UserFilter, p: UserPage) {
  return pagedQuery(filtered(db, f), LIST_SPEC, { ...p, sort: 'nome', dir: 'asc', count: true }, db);
}

/** The list's page: one constant, so pagedQuery keeps its compiled statements (lists/reuse.ts#Runner). */
const LIST_SPEC = {
  select: (q: ReturnType<ReturnType<typeof filtered>>) =>
    q.select([
      'u.id',
      'u.nome',
      'u.matricula',
      'u.cpf',
      'u.email',
      'u.tell',
      'u.filial',
      'u.privilegio',
      'u.suport',
      'u.admin',
      'u.foto',
    ]),
  sort: { nome: ['u.nome'] },
  tiebreak: 'u.id',
  maxPageSize: 100,
} as const;

/** An active user with its sectors and branches (main first): what administration decides from. */
export async function findActiveUser(db: DbOrTx, id: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'nome', 'matricula', 'privilegio', 'admin', 'suport', 'filial'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!user) return undefined;
  const { filial, ...fields } = user;
  const memberships = (await membershipsOf(db, [id])).get(id) ?? { sectors: [], branches: [] };
  return {
    ...fields,
    setores: sectorsInOrder(memberships).map((s) => s.name),
    filiais: branchesInOrder(memberships, filial),
  };
}

/** Any row (active or not) holding this matrícula or CPF: both stay unique forever. */
export async function findDuplicate(db: DbOrTx, matricula: string, cpf: string | null) {
  const rows = await db
    .selectFrom('users')
    .select(['matricula', 'cpf'])
    .where((eb) => eb.or([eb('matricula', '=', matricula), ...(cpf ? [eb('cpf', '=', cpf)] : [])]))
    .execute();
  if (rows.some((r) => r.matricula === matricula)) return 'matricula' as const;
  if (cpf && rows.some((r) => r.cpf === cpf)) return 'cpf' as const;
  return undefined;
}

export interface NewUserRow {
  nome: string;
  senha: string;
  matricula: string;
  cpf: string | null;
  email: string | null;
  tell: string | null;
  filial: string;
  privilegio: number;
  suport: number;
  admin: number;
  created_at: string;
  updated_at: string;
}

export async function insertUser(db: DbOrTx, row: NewUserRow): Promise<number> {
  const inserted = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The name of the active sector that plays the role (decision 0114), if one does. */
export async function sectorNameOfRole(db: DbOrTx, role: SectorRole): Promise<string | undefined> {
  const row = await db
    .selectFrom('sectors')
    .select('name')
    .where('role', '=', role)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row?.name;
}

/** Replaces the user's sectors (the first is the main one) and branches, given by stored names. */
export async function replaceMemberships(
  db: DbOrTx,
  userId: number,
  setores: readonly string[],
  filiais: readonly string[],
): Promise<void> {
  const [sectorRows, branchRows] = await Promise.all([
    setores.length === 0
      ? []
      : db
          .selectFrom('sectors')
          .select(['id', 'name'])
          .where('name', 'in', [...setores])
          .execute(),
    filiais.length === 0
      ? []
      : db
          .selectFrom('branches')
          .select(['id', 'name'])
          .where('name', 'in', [...filiais])
          .execute(),
  ]);
  await db.deleteFrom('user_sectors').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_branches').where('user_id', '=', userId).execute();
  const sectorIds = setores.flatMap((name) => sectorRows.find((s) => s.name === name)?.id ?? []);
  const branchIds = filiais.flatMap((name) => branchRows.find((b) => b.name === name)?.id ?? []);
  if (sectorIds.length > 0) {
    await db
      .insertInto('user_sectors')
      .values(sectorIds.map((id, i) => ({ user_id: userId, sector_id: id, is_main: i === 0 ? 1 : 0 })))
      .execute();
  }
  if (branchIds.length > 0) {
    await db
      .insertInto('user_branches')
      .values(branchIds.map((id) => ({ user_id: userId, branch_id: id })))
      .execute();
  }
}

export async function updateAccess(
  db: DbOrTx,
  userId: number,
  change: { filial: string; privilegio: number; suport: number; admin: number; updated_at: string },
): Promise<void> {
  await db.updateTable('users').set(change).where('id', '=', userId).execute();
}

export async function deactivate(db: DbOrTx, userId: number, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ active: 0, deactivated_at: at, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

export async function setPassword(db: DbOrTx, userId: number, hash: string, at: string): Promise<void> {
  await db.updateTable('users').set({ senha: hash, updated_at: at }).where('id', '=', userId).execute();
}

export function listSectors(db: DbOrTx) {
  return db.selectFrom('sectors').select(['id', 'name']).orderBy('name').execute();
}

export function listBranches(db: DbOrTx) {
  return db.selectFrom('branches').select(['id', 'name', 'label']).orderBy('id').execute();
}
