import { findBranchNamed, findSectorNamed, SECTOR_MSG } from '@intranet/contracts';
import type { DbOrTx } from '../../db/database.ts';
import { badRequest } from '../../platform/errors.ts';
import { activeOrgRows, listOrg } from './org.queries.ts';

/**
 * The one check every module makes of a sector or branch a request names (decision 0116): the
 * zod schemas check the shape, this checks the name against the ACTIVE rows and answers the stored
 * name (typed with or without accents, in any case; a branch by its name or its label). Load the
 * names once per request or per imported file, then check as many values as needed.
 */
export type ActiveOrgNames = Awaited<ReturnType<typeof activeOrgRows>>;

export const activeOrgNames = (db: DbOrTx): Promise<ActiveOrgNames> => activeOrgRows(db);

/**
 * Every sector and branch, active or not (what GET /api/org answers): the policies that offer
 * names (they keep the active ones) and the lists and spreadsheets that show a branch's label.
 */
export const orgLists = (db: DbOrTx) => listOrg(db);

/**
 * A list's sector or branch filter as records store it, matched like a form's value (accents and
 * case aside; a branch by its label too) among every row, active or not: old records name
 * deactivated ones. null when no row has it; undefined when the filter is not set.
 */
export async function filterNames(
  db: DbOrTx,
  typed: { sector?: string; branch?: string },
): Promise<{ sector?: string | null; branch?: string | null }> {
  if (!typed.sector && !typed.branch) return {};
  const org = await listOrg(db);
  return {
    sector: typed.sector ? (findSectorNamed(org.sectors, typed.sector)?.name ?? null) : undefined,
    branch: typed.branch ? (findBranchNamed(org.branches, typed.branch)?.name ?? null) : undefined,
  };
}

export interface NameCheck {
  /** The field as the form labels it, for the 400's message ("Setor", "Unidade"…). */
  field?: string;
  /** Names the record already has: accepted even when deactivated since (an edit that keeps them). */
  keep?: readonly string[];
}

const keptRows = (keep: readonly string[] | undefined) => (keep ?? []).map((name) => ({ name, label: name }));

/** The stored name of an active sector (or a kept one); a Portuguese 400 naming the field otherwise. */
export function checkSectorName(org: ActiveOrgNames, typed: string, check: NameCheck = {}): string {
  const row = findSectorNamed(org.sectors, typed) ?? findSectorNamed(keptRows(check.keep), typed);
  if (!row) throw badRequest(SECTOR_MSG.notActiveSector(check.field ?? 'Setor', typed.trim()));
  return row.name;
}

/** Each typed sector's stored name, in order, each once. */
export function checkSectorNames(
  org: ActiveOrgNames,
  typed: readonly string[],
  check: NameCheck = {},
): string[] {
  return [...new Set(typed.map((t) => checkSectorName(org, t, { field: 'Setores', ...check })))];
}

/** The stored `name` of an active branch typed by its name or label (or a kept one); a 400 otherwise. */
export function checkBranchName(org: ActiveOrgNames, typed: string, check: NameCheck = {}): string {
  const row = findBranchNamed(org.branches, typed) ?? findBranchNamed(keptRows(check.keep), typed);
  if (!row) throw badRequest(SECTOR_MSG.notActiveBranch(check.field ?? 'Filial', typed.trim()));
  return row.name;
}

export function checkBranchNames(
  org: ActiveOrgNames,
  typed: readonly string[],
  check: NameCheck = {},
): string[] {
  return [...new Set(typed.map((t) => checkBranchName(org, t, { field: 'Filiais', ...check })))];
}

/**
 * HR numbers its Unidade (spec §3: 1 Matriz, 2 Mauá): the number is the branch's id, the first
 * rows' ids on every install. An active branch's id, or the record's own (`keep`); a 400 otherwise.
 */
export function checkBranchId(
  org: ActiveOrgNames,
  id: number,
  check: { field?: string; keep?: number | null } = {},
): number {
  if (id === check.keep || org.branches.some((b) => b.id === id)) return id;
  throw badRequest(SECTOR_MSG.notActiveBranch(check.field ?? 'Unidade', String(id)));
}
