import type { ColumnDescription } from '@intranet/contracts';

/** What a header holds besides its title: a sort button, a filter button (40 px on touch screens). */
export interface HeaderExtras {
  sortable: boolean;
  /** The column the list is sorted by (on a touch screen only it shows its arrow). */
  sorted?: boolean;
  filter: boolean;
  touch: boolean;
  /** Cells with 6 px of side padding instead of 10 (a phone's table). */
  compact?: boolean;
}

/** Pixels per character of the table's 14 px text (measured with DejaVu Sans, the widest we meet). */
const CHAR_PX = 7.5;
/** Bold header letters are wider. */
const HEADER_CHAR_PX = 8.5;
/** A cell's left and right padding (Mantine's xs spacing on each side; 6 px when compact). */
const CELL_PAD = 20;
const COMPACT_CELL_PAD = 12;
/** Text columns wider than this (in characters) may give way down to it, cut with "…". */
const SHRINKABLE_FROM = 8;
/**
 * A status badge's letters (11 px bold capitals, measured with DejaVu Sans) and its side padding
 * and border: "AGUARDANDO APROVAÇÃO DIRETOR" (28) draws 256 px.
 */
const BADGE_CHAR_PX = 8.4;
const BADGE_PAD = 22;
/**
 * On a phone a badge's label may break into two lines at a space: the longer line is at most 3/5
 * of the label (the statuses have two to four words: "AGUARDANDO APROVAÇÃO / DIRETOR" breaks as
 * "AGUARDANDO / APROVAÇÃO DIRETOR", 17 of 28).
 */
const BADGE_LINE_SHARE = 0.6;
/**
 * When the columns cannot all fit and the table scrolls sideways anyway, a long text column takes
 * up to this many characters instead of its minimum: cutting it gains nothing then.
 */
const SCROLLING_CHARS = 24;

/** A badge of `chars` characters, whole. */
const badgePx = (chars: number) => chars * BADGE_CHAR_PX + BADGE_PAD;

/**
 * The narrowest a column may get. Its header: the longest word of the title with the sort arrow
 * (titles wrap between words, and the filter button goes under the title when it must). Its
 * content: short columns (codes, dates, statuses: up to 20 characters) keep their whole width;
 * long text columns give way first, their cells cut with the full text on hover.
 */
export function columnMinPx(
  column: Pick<ColumnDescription<never>, 'header' | 'width' | 'badge'>,
  extras: HeaderExtras,
) {
  const longestWord = Math.max(...column.header.split(/\s+/).map((w) => w.length));
  // On a touch screen the sort arrow shows only on the sorted column (the title is the button).
  const arrow = extras.sortable && (!extras.touch || extras.sorted) ? 20 : 0;
  const filterButton = extras.filter ? (extras.touch ? 40 : 22) : 0;
  const pad = extras.compact ? COMPACT_CELL_PAD : CELL_PAD;
  const header = Math.max(longestWord * HEADER_CHAR_PX + arrow, filterButton) + pad;
  if (column.badge) {
    const chars = extras.compact ? Math.ceil(column.width * BADGE_LINE_SHARE) : column.width;
    return Math.ceil(Math.max(header, badgePx(chars) + pad));
  }
  const chars = column.width <= 20 ? column.width : SHRINKABLE_FROM;
  return Math.ceil(Math.max(header, chars * CHAR_PX + pad));
}

/** The width a column would like: its description's width in characters (a badge on one line). */
export function columnIdealPx(column: Pick<ColumnDescription<never>, 'width' | 'badge'>, min: number) {
  const content = column.badge ? badgePx(column.width) : column.width * CHAR_PX;
  return Math.ceil(Math.max(min, content + CELL_PAD));
}

/** The width a column takes when the table scrolls sideways anyway (fitColumnWidths). */
export function columnScrollingPx(column: Pick<ColumnDescription<never>, 'width'>, min: number) {
  return Math.ceil(Math.max(min, Math.min(column.width, SCROLLING_CHARS) * CHAR_PX + CELL_PAD));
}

/**
 * Pixel widths for a table `available` px wide. Below the sum of the minimums the table scrolls
 * sideways and each column takes its `scrolling` width (long texts are not cut to their minimum
 * for nothing); between the minimums and the ideals each column grows by the same
 * share of what it lacks; beyond the ideals the columns stretch in proportion. Widths depend only
 * on the columns and the space, never on the rows, so they do not jump when a filter is applied.
 */
export function fitColumnWidths(
  mins: readonly number[],
  ideals: readonly number[],
  available: number,
  scrolling: readonly number[] = mins,
) {
  const sumMin = mins.reduce((a, b) => a + b, 0);
  const sumIdeal = ideals.reduce((a, b) => a + b, 0);
  if (available < sumMin || sumIdeal === 0) return mins.map((min, i) => Math.max(min, scrolling[i] ?? min));
  if (available <= sumIdeal) {
    const share = sumIdeal === sumMin ? 0 : (available - sumMin) / (sumIdeal - sumMin);
    return mins.map((min, i) => Math.floor(min + ((ideals[i] ?? min) - min) * share));
  }
  return ideals.map((ideal) => Math.floor((ideal * available) / sumIdeal));
}
