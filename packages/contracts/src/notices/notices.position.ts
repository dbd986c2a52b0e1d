/**
 * position: 0 paisagem (landscape), 1 retrato (portrait). Apart from the schemas so that the home
 * page, which only lays notices out by it, does not load zod.
 */
export const NOTICE_POSITION = { paisagem: 0, retrato: 1 } as const;
