import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { branchesInOrder, membershipsOf, sectorsInOrder } from '../../platform/memberships.ts';

export type NewUser = Insertable<Database['users']>;

/** The users import's statements (users.import.ts): a batch of lines at a time. */

export interface StoredUser {
  id: number;
  matricula: string;
  nome: string;
  cpf: string | null;
  email: string | null;
  active: number;
  privilegio: number;
  suport: number;
  admin: number;
  /** Main first, as the list and the export show them. */
  setores: string[];
  filiais: string[];
}

/** The users, active or not, holding one of these matrículas or CPFs, with their sectors and branches. */
export async function usersByMatriculaOrCpf(
  db: DbOrTx,
  matriculas: readonly string[],
  cpfs: readonly string[],
): Promise<StoredUser[]> {
  if (matriculas.length === 0 && cpfs.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'matricula', 'nome', 'cpf', 'email', 'active', 'privilegio', 'suport', 'admin', 'filial'])
    .where((eb) =>
      eb.or([
        ...(matriculas.length > 0 ? [eb('matricula', 'in', [...matriculas])] : []),
        ...(cpfs.length > 0 ? [eb('cpf', 'in', [...cpfs])] : []),
      ]),
    )
    .execute();
  const memberships = await membershipsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ filial, ...r }) => {
    const of = memberships.get(r.id) ?? { sectors: [], branches: [] };
    return { ...r, setores: sectorsInOrder(of).map((s) => s.name), filiais: branchesInOrder(of, filial) };
  });
}

/** New users in one statement: their ids by matrícula. */
export async function insertUsers(db: DbOrTx, rows: readonly NewUser[]) {
  if (rows.length === 0) return [];
  return db
    .insertInto('users')
    .values([...rows])
    .returning(['id', 'matricula'])
    .execute();
}

export interface UserChange {
  matricula: string;
  nome: string;
  cpf: string;
  email: string;
  filial: string;
  privilegio: number;
  suport: number;
  admin: number;
  updated_at: string;
}

/** Rewrites known active users (never their password): their ids by matrícula. */
export async function updateUsers(db: DbOrTx, rows: readonly UserChange[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { matricula, ...set } of rows) {
    const row = await db
      .updateTable('users')
      .set(set)
      .where('matricula', '=', matricula)
      .where('active', '=', 1)
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(matricula, row.id);
  }
  return ids;
}

/** Replaces the sectors (the first is the main one) and branches of many users, by stored names. */
export async function replaceMembershipsOf(
  db: DbOrTx,
  users: readonly { userId: number; setores: readonly string[]; filiais: readonly string[] }[],
): Promise<void> {
  if (users.length === 0) return;
  const ids = users.map((u) => u.userId);
  const [sectors, branches] = await Promise.all([
    db.selectFrom('sectors').select(['id', 'name']).execute(),
    db.selectFrom('branches').select(['id', 'name']).execute(),
  ]);
  const sectorId = new Map(sectors.map((s) => [s.name, s.id]));
  const branchId = new Map(branches.map((b) => [b.name, b.id]));
  await db.deleteFrom('user_sectors').where('user_id', 'in', ids).execute();
  await db.deleteFrom('user_branches').where('user_id', 'in', ids).execute();
  const sectorRows = users.flatMap((u) =>
    u.setores.map((name, i) => ({
      user_id: u.userId,
      sector_id: sectorId.get(name) as number,
      is_main: i === 0 ? 1 : 0,
    })),
  );
  const branchRows = users.flatMap((u) =>
    u.filiais.map((name) => ({ user_id: u.userId, branch_id: branchId.get(name) as number })),
  );
  // A few thousand parameters a statement at most (three per row).
  for (let i = 0; i < sectorRows.length; i += 1000)
    await db
      .insertInto('user_sectors')
      .values(sectorRows.slice(i, i + 1000))
      .execute();
  for (let i = 0; i < branchRows.length; i += 1000)
    await db
      .insertInto('user_branches')
      .values(branchRows.slice(i, i + 1000))
      .execute();
}
