/**
 * A list's page in SQL (README.md beside this file): the one entry point modules import.
 * `pagedQuery` reads a page of a module's filtered query by its sort whitelist (`ListSpec`), with a
 * first page's total when asked; `rangeTest` writes a period or a prefix filter the way its
 * two-phase page tests it; `decodeCursor` reads a page's cursor (a list whose filters read each part
 * newest first up to the page, as Minhas pendências does, needs its values).
 */
export { type Filtered, type PageRequest, pagedQuery, type RangeBound, rangeTest } from './paged-query.ts';
export { decodeCursor, type ListSpec, type Page, type SortDir } from './plan.ts';
export type { Runner } from './reuse.ts';
export { roundBelow } from './total.ts';
export { textProbeRows, textWalkRows } from './walk.ts';
