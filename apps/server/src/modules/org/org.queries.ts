import { type Selectable, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { BranchesTable, SectorsTable } from '../../db/tables/platform.ts';

/** A sector's and a branch's row as this module reads them (the one definition of their shapes). */
const SECTOR_COLUMNS = ['id', 'name', 'role', 'active'] as const;
const BRANCH_COLUMNS = ['id', 'name', 'label', 'active'] as const;
export type SectorRecord = Pick<Selectable<SectorsTable>, (typeof SECTOR_COLUMNS)[number]>;
export type BranchRecord = Pick<Selectable<BranchesTable>, (typeof BRANCH_COLUMNS)[number]>;

/** Sectors and branches, active or not, by name (the admin screen, the web's lists). */
export async function listOrg(db: DbOrTx) {
  const [sectors, branches] = await Promise.all([
    db.selectFrom('sectors').select(SECTOR_COLUMNS).orderBy('name').orderBy('id').execute(),
    db.selectFrom('branches').select(BRANCH_COLUMNS).orderBy('label').orderBy('id').execute(),
  ]);
  return { sectors, branches };
}

/** The active sectors and branches: the names new records may carry (decision 0116). */
export async function activeOrgRows(db: DbOrTx) {
  const [sectors, branches] = await Promise.all([
    db
      .selectFrom('sectors')
      .select(['id', 'name', 'role', 'active'])
      .where('active', '=', 1)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('branches')
      .select(['id', 'name', 'label'])
      .where('active', '=', 1)
      .orderBy('label')
      .execute(),
  ]);
  return { sectors, branches };
}

export const findSector = (db: DbOrTx, id: number): Promise<SectorRecord | undefined> =>
  db.selectFrom('sectors').select(SECTOR_COLUMNS).where('id', '=', id).executeTakeFirst();

export const findBranch = (db: DbOrTx, id: number): Promise<BranchRecord | undefined> =>
  db.selectFrom('branches').select(BRANCH_COLUMNS).where('id', '=', id).executeTakeFirst();

/** Another sector already named so (accents and case aside would be too lax: the names are unique as typed). */
export async function sectorNamed(db: DbOrTx, name: string, exceptId = 0) {
  const row = await db
    .selectFrom('sectors')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function branchNamed(db: DbOrTx, label: string, exceptId = 0) {
  const lower = label.toLowerCase();
  const row = await db
    .selectFrom('branches')
    .select('id')
    .where((eb) => eb.or([eb(sql`lower(label)`, '=', lower), eb(sql`lower(name)`, '=', lower)]))
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Another active sector that plays the role. */
export async function roleHolder(db: DbOrTx, role: string, exceptId: number) {
  return db
    .selectFrom('sectors')
    .select(['id', 'name'])
    .where('role', '=', role)
    .where('active', '=', 1)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
}

const exists = async (q: { executeTakeFirst: () => Promise<unknown> }) =>
  (await q.executeTakeFirst()) !== undefined;

/** `text` matched literally by LIKE (with `escape '\\'`): its %, _ and \\ are no wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Whether anything points to the sector: members, apps, employees, purchases, HR requests, notices,
 * vacations, calls. A call keeps its requester's sectors as one text, the names joined by ", ": the
 * name counts as a whole item of that list (first, last, inside or alone), never as a part of
 * another name, and a % or _ in it is a character, not a wildcard.
 */
export async function sectorInUse(db: DbOrTx, id: number, name: string): Promise<boolean> {
  const checks = [
    db.selectFrom('user_sectors').select('user_id').where('sector_id', '=', id).limit(1),
    db.selectFrom('app_sectors').select('app_id').where('sector_id', '=', id).limit(1),
    db.selectFrom('hr_employees').select('id').where('sector', '=', name).limit(1),
    db.selectFrom('hr_requests').select('id').where('requester_setor', '=', name).limit(1),
    db.selectFrom('purchase_request_sectors').select('request_id').where('sector', '=', name).limit(1),
    db.selectFrom('purchase_requests').select('id').where('setor_usuario', '=', name).limit(1),
    db.selectFrom('notices').select('id').where('setor', '=', name).limit(1),
    db.selectFrom('calendar_vacations').select('id').where('user_sector', '=', name).limit(1),
    db
      .selectFrom('calls')
      .select('id')
      .where((eb) => {
        const item = likeLiteral(name);
        const like = (pattern: string) =>
          sql<boolean>`${eb.ref('setores_usuario')} like ${pattern} escape '\\'`;
        return eb.or([
          eb('setores_usuario', '=', name),
          like(`${item}, %`),
          like(`%, ${item}`),
          like(`%, ${item}, %`),
        ]);
      })
      .limit(1),
  ];
  for (const q of checks) if (await exists(q)) return true;
  return false;
}

/** Whether anything points to the branch (records store its `name`; HR's Unidade, its id). */
export async function branchInUse(db: DbOrTx, id: number, name: string): Promise<boolean> {
  const checks = [
    db.selectFrom('user_branches').select('user_id').where('branch_id', '=', id).limit(1),
    db.selectFrom('users').select('id').where('filial', '=', name).limit(1),
    db.selectFrom('calls').select('id').where('filial', '=', name).limit(1),
    db.selectFrom('purchase_requests').select('id').where('filial', '=', name).limit(1),
    db.selectFrom('hr_employees').select('id').where('branch', '=', id).limit(1),
    db.selectFrom('hr_requests').select('id').where('branch', '=', id).limit(1),
    db.selectFrom('hr_medical_leaves').select('id').where('hub_unit', '=', id).limit(1),
  ];
  for (const q of checks) if (await exists(q)) return true;
  return false;
}

/**
 * A renamed sector: the records whose access follows the sector's name (an employee's sector, the
 * sectors a purchase belongs to, a sector's notice) follow the new name. What a record wrote down
 * at the time (the requester's sectors of a call or request) keeps the name it had.
 */
export async function renameSectorEverywhere(db: DbOrTx, from: string, to: string): Promise<void> {
  await db.updateTable('hr_employees').set({ sector: to }).where('sector', '=', from).execute();
  await db.updateTable('purchase_request_sectors').set({ sector: to }).where('sector', '=', from).execute();
  await db.updateTable('notices').set({ setor: to }).where('setor', '=', from).execute();
}
