import type { SessionUser } from '@intranet/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/images.ts';

/** Test helpers shared by the folders route test files: requests through the real routes. */

/** Roles of the tests: a colaborador owns the folders so that role privileges and ownership differ. */
export const OWNER = DEMO.suporteTi; // 1004, Colaborador
export const SHARED = DEMO.analistaRh; // 1005, Colaborador, shared with
export const GESTOR = DEMO.diretor; // 1006, Gestor
export const COLAB = DEMO.juridico; // 1008, Colaborador, stranger
export const ADMIN = DEMO.admin;

export type Caller = ReturnType<TestApp['as']>;

export interface Listed {
  folders: {
    id: number;
    name: string;
    privilegio: number;
    abilities: Record<string, boolean>;
    location?: string;
  }[];
  files: {
    id: number;
    name: string;
    file_name: string;
    size: number;
    location?: string;
    tipo: string;
    abilities: Record<string, boolean>;
  }[];
  current: { id: number; name: string; trail: { id: number; name: string }[]; canUpload: boolean };
  truncated: boolean;
}

export async function createFolder(
  as: Caller,
  folderName: string,
  parentFolderId = 1,
  isPrivate = 0,
): Promise<number> {
  const res = await as({
    method: 'POST',
    url: '/api/create-folder',
    payload: { folderName, parentFolderId, isPrivate },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ lastInsertedId: number }>().lastInsertedId;
}

export async function upload(as: Caller, folderId: number, name: string, content: string | Buffer) {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return as({
    method: 'POST',
    url: '/api/files',
    payload: multipart({ selectedFolderId: folderId }, { bytes, name, type: 'application/octet-stream' }),
  });
}

export async function list(as: Caller, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return as({ method: 'GET', url: `/api/get-items${qs ? `?${qs}` : ''}` });
}

export async function listed(as: Caller, query: Record<string, string | number> = {}): Promise<Listed> {
  const res = await list(as, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Listed>();
}

export async function sessionOf(t: TestApp, matricula: string): Promise<SessionUser> {
  return (await t.as(matricula)({ method: 'GET', url: '/api/get-sessionData' })).json<SessionUser>();
}

/** The app of one test file (`env` as buildTestApp's); `app()` is it once beforeAll has built it. */
export function folderRouteTests(env?: Record<string, string>): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp(env ? { env } : {});
  });
  afterAll(() => t?.close());
  return () => {
    if (!t) throw new Error('folderRouteTests: the app is built in beforeAll');
    return t;
  };
}
