import fs from 'node:fs';
import { endpoint, IMAGE_FILE } from '@intranet/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderApiDocs } from './api-docs.ts';
import { API_DOCS_FILE, generateApiDocs } from './write-api-docs.ts';

const rowOf = (docs: string, method: string, url: string) =>
  docs.split('\n').find((line) => line.startsWith(`| ${method} | \`${url}\` |`));

it('docs/api.md matches the registered routes and their schemas (run npm run docs:api)', async () => {
  const expected = await generateApiDocs();
  const actual = fs.existsSync(API_DOCS_FILE) ? fs.readFileSync(API_DOCS_FILE, 'utf8') : '';
  expect(actual).toBe(expected);
  // Every upload of the running app shows its fields and its files, never "—".
  for (const [method, url] of [
    ['POST', '/api/insert-Text'],
    ['PUT', '/api/notices/:id'],
    ['POST', '/api/attach-banner'],
    ['POST', '/api/apps'],
    ['PUT', '/api/apps/:id'],
  ] as const) {
    const row = rowOf(expected, method, url);
    expect(row, `${method} ${url}`).toContain('multipart/form-data:');
    expect(row).toContain('files in `file`: one file of 3 MB at most, image/jpeg, image/png, image/webp');
  }
  expect(rowOf(expected, 'POST', '/api/insert-Text')).toContain('`text`: string (min 1, max 2000)');
  expect(rowOf(expected, 'POST', '/api/files')).toContain(
    'multipart/form-data:<br>`selectedFolderId`: string \\| number<br>files in `file`: up to 20 files',
  );
});

describe('renderApiDocs', () => {
  const upload = endpoint({
    method: 'POST',
    path: '/api/things/:id/photos',
    status: 201,
    summary: 'Adds photos | with a pipe',
    params: z.object({ id: z.coerce.number().int().positive() }),
    multipart: {
      fields: z.object({ caption: z.string().max(40), order: z.coerce.number().int().optional() }),
      files: { ...IMAGE_FILE, field: 'photos', maxFiles: 4, maxBytes: 10 * 1024 * 1024 },
    },
    reply: z.object({ ids: z.array(z.number()) }),
  });
  const jsonOrForm = endpoint({
    method: 'POST',
    path: '/api/notes',
    body: z.object({ text: z.string().min(1) }),
    multipart: { fields: z.object({ text: z.string().min(1) }), files: { ...IMAGE_FILE, mimes: 'any' } },
    reply: z.object({ id: z.number() }),
  });
  const download = endpoint({ method: 'GET', path: '/api/blobs/*', params: z.object({ '*': z.string() }) });

  const docs = renderApiDocs(
    [
      { method: 'POST', url: upload.path, access: 'member', endpoint: upload },
      { method: 'POST', url: jsonOrForm.path, access: 'member', endpoint: jsonOrForm },
      { method: 'GET', url: download.path, access: 'member', endpoint: download },
      { method: 'HEAD', url: download.path, access: 'member', endpoint: download },
      { method: 'PUT', url: '/api/legacy/:id', access: 'public' },
    ],
    {
      paths: {
        '/api/legacy/{id}': {
          put: {
            summary: 'Not described in contracts yet',
            parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
                },
              },
            },
            responses: {
              '201': {
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
                  },
                },
              },
            },
          },
        },
      },
    },
  );

  it('shows a multipart call with its path, fields, files (field, count, size, types) and status', () => {
    expect(rowOf(docs, 'POST', '/api/things/:id/photos')).toBe(
      '| POST | `/api/things/:id/photos` | signed in, policy accepted | Adds photos \\| with a pipe | ' +
        '`:id`: integer<br>multipart/form-data:<br>`caption`: string (max 40)<br>`order?`: integer<br>' +
        'files in `photos`: up to 4 files of 10 MB each at most, image/jpeg, image/png, image/webp | ' +
        '201:<br>`ids`: number[] |',
    );
  });

  it('shows a call taking JSON or a form with both', () => {
    expect(rowOf(docs, 'POST', '/api/notes')).toContain(
      '`text`: string (min 1)<br>or multipart/form-data with these fields and files in `file`: ' +
        'one file of 3 MB at most, any type |',
    );
  });

  it('shows a file answer and the wildcard of its path', () => {
    expect(rowOf(docs, 'GET', '/api/blobs/*')).toContain('| `*`: string | a file (not JSON) |');
    expect(rowOf(docs, 'HEAD', '/api/blobs/*')).toContain('| `*`: string | — |');
  });

  it('falls back to the route schemas for a route not described in contracts', () => {
    expect(rowOf(docs, 'PUT', '/api/legacy/:id')).toBe(
      '| PUT | `/api/legacy/:id` | public | Not described in contracts yet | `:id`: integer<br>`name`: string | ' +
        '201:<br>`ok`: boolean |',
    );
  });
});
