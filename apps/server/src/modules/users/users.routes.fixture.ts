import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

/** Test helpers shared by the users route test files. */

/** A new user's form as the Usuários screen sends it (`over` changes fields). */
export const newUser = (over: Record<string, unknown> = {}) => ({
  nome: 'Beatriz Nunes Carvalho',
  matricula: '2001',
  cpf: '123.456.789-09',
  email: 'beatriz.carvalho@rotasul.com.br',
  senha: 'senhaNova1',
  ...over,
});

/** The app of one test file, built in beforeAll; `app()` is it once built, `idOf` a user's id. */
export function userRouteTests() {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const idOf = async (matricula: string) =>
    (await t.db.selectFrom('users').select('id').where('matricula', '=', matricula).executeTakeFirstOrThrow())
      .id;
  return { app: () => t, idOf };
}
