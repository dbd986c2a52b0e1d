import fs from 'node:fs';
import { expect, it } from 'vitest';
import { API_DOCS_FILE, generateApiDocs } from './write-api-docs.ts';

it('docs/api.md matches the registered routes and their schemas (run npm run docs:api)', async () => {
  const expected = await generateApiDocs();
  const actual = fs.existsSync(API_DOCS_FILE) ? fs.readFileSync(API_DOCS_FILE, 'utf8') : '';
  expect(actual).toBe(expected);
});
