import { normalizeName } from '../roles.ts';

/**
 * Finding a typed sector or branch among the database's rows (decision 0116): the web's selects,
 * the server's checks and the people import compare the same way, accents, case and outer spaces
 * aside, and answer the row so its stored `name` is what the record keeps.
 */

export interface SectorNamed {
  name: string;
}
/** `name` is what records store and never changes; `label` is what people read. */
export interface BranchNamed {
  name: string;
  label: string;
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

/** What people read for a stored branch name: its label, or the name itself when no row has it. */
export const branchLabelOf = (rows: readonly BranchNamed[], name: string): string =>
  rows.find((r) => r.name === name)?.label ?? name;
