import type { GeneratedAlways } from 'kysely';

/** A column's search form kept in its row by the database (db/search.ts#createSearchKeys, migration 0026). */
export type SearchKey = GeneratedAlways<string | null>;
