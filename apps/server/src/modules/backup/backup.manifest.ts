import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Dialect } from '../../db/database.ts';

/** The archive's own layout version: a restore refuses a layout it does not read. */
export const ARCHIVE_FORMAT = 1;

/** Names inside the archive. */
export const MANIFEST_NAME = 'manifest.json';
export const SQLITE_ENTRY = 'database/intranet.sqlite';
export const tableEntry = (table: string) => `database/${table}.copy`;
export const fileEntry = (key: string) => `files/${key}`;

const entry = z.object({ name: z.string(), bytes: z.number().int().min(0), sha256: z.string().length(64) });

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  product: z.literal('intranet'),
  version: z.string(),
  createdAt: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  /** The newest migration the database had run, and all it had run (oldest first). */
  migrationLevel: z.string(),
  migrations: z.array(z.string()),
  /** Rows per table, as the snapshot had them. */
  rows: z.record(z.string(), z.number().int().min(0)),
  /** PostgreSQL: each table's columns, in the order of its COPY dump; loaded in this order (foreign keys). */
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()) })),
  /** Every other entry of the archive: the database's dumps, then the stored files. */
  entries: z.array(entry),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entry>;

const packageFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');

/** The product's version, from the server's package.json. */
export function productVersion(): string {
  return z.object({ version: z.string() }).parse(JSON.parse(fs.readFileSync(packageFile, 'utf8'))).version;
}

export const dialectLabel = (d: Dialect) => (d === 'postgres' ? 'PostgreSQL' : 'SQLite');
