import { normalizeName, SECTOR_ROLE_LABEL, type SectorRole } from '../roles.ts';
import { offeredRows } from './sectors.policy.ts';

/**
 * The company's sectors and branches as rows of the database (decision 0116): the web's selects,
 * the server's checks, the policies that offer names and the people import all compare the same
 * way (accents, case and outer spaces aside) and keep the row's stored `name`.
 */

export interface SectorNamed {
  name: string;
}
/** `name` is what records store and never changes; `label` is what people read. */
export interface BranchNamed {
  name: string;
  label: string;
}

/** Every sector and branch, active or not, as GET /api/org answers them (and the server reads them). */
export interface OrgLists {
  readonly sectors: readonly (SectorNamed & { active: number; role: string | null })[];
  readonly branches: readonly (BranchNamed & { id: number; active: number })[];
}

export function findSectorNamed<T extends SectorNamed>(rows: readonly T[], typed: string): T | undefined {
  const wanted = normalizeName(typed);
  return rows.find((r) => normalizeName(r.name) === wanted);
}

/** A branch typed by its stored name (Maua) or by its label (Mauá). */
export function findBranchNamed<T extends BranchNamed>(rows: readonly T[], typed: string): T | undefined {
  const wanted = normalizeName(typed);
  return (
    rows.find((r) => normalizeName(r.name) === wanted) ?? rows.find((r) => normalizeName(r.label) === wanted)
  );
}

/**
 * The name of the sector that plays `role` (decision 0114): the active sector holding it, so that a
 * renamed sector is read by its new name; the spec's name while no active sector holds it.
 */
export const roleSectorName = (
  sectors: readonly (SectorNamed & { active: number; role: string | null })[],
  role: SectorRole,
): string => sectors.find((s) => s.active === 1 && s.role === role)?.name ?? SECTOR_ROLE_LABEL[role];

/** The branch a new record starts at: the oldest active one (the Matriz on every install's first row). */
export const firstActiveBranch = <T extends BranchNamed & { id: number; active: number }>(
  branches: readonly T[],
): T | undefined => branches.filter((b) => b.active === 1).sort((a, b) => a.id - b.id)[0];

/** What people read for a stored branch name: its label, or the name itself when no row has it. */
export const branchLabelOf = (rows: readonly BranchNamed[], name: string): string =>
  rows.find((r) => r.name === name)?.label ?? name;

/** HR's Unidade is the branch's id (spec §3: 1 Matriz, 2 Mauá): its label, or the number. */
export const branchLabelById = (
  rows: readonly (BranchNamed & { id: number })[],
  id: number | null | undefined,
): string => (id == null ? '' : (rows.find((r) => r.id === id)?.label ?? String(id)));

/** The sector names a form offers: the active ones, plus those the record has (deactivated since). */
export const offeredSectorNames = (org: OrgLists, current: readonly string[] = []): string[] =>
  offeredRows(org.sectors, (s) => current.includes(s.name)).map((s) => s.name);

/** The branches a form offers (value: the stored name; label: what people read), likewise. */
export const offeredBranches = (org: OrgLists, current: readonly string[] = []) =>
  offeredRows(org.branches, (b) => current.includes(b.name)).map((b) => ({ value: b.name, label: b.label }));

/** HR's Unidade options (value: the branch's id as text, as Mantine's Select keeps it). */
export const offeredBranchIds = (org: OrgLists, current?: number | null) =>
  offeredRows(org.branches, (b) => b.id === current).map((b) => ({ value: String(b.id), label: b.label }));
