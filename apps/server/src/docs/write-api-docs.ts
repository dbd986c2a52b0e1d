import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { type OpenApiDoc, renderApiDocs } from './api-docs.ts';

export const API_DOCS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/api.md',
);

export async function generateApiDocs(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-docs-'));
  const database = openDatabase({ sqliteFile: ':memory:' });
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir }), database, logger: false });
  await app.ready();
  const text = renderApiDocs(app.registeredRoutes, app.swagger() as OpenApiDoc);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return text;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(API_DOCS_FILE, await generateApiDocs());
  console.log(`escrito ${API_DOCS_FILE}`);
}
