/**
 * Rows (or explorer items) a list screen asks the server for per page; the next page loads as the
 * list scrolls. Two or three screens of a desktop table, a dozen of a phone's cards: a small first
 * answer. The benches ask the same (bench/), so they measure what a screen costs.
 */
export const LIST_PAGE_SIZE = 50;
