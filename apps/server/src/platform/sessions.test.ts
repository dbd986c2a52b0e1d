import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../test/harness.ts';
import type { Db } from '../db/database.ts';
import { hashToken, loadSessionUser, resolveSession, SESSION_TOUCH_MS } from './sessions.ts';

/**
 * What one signed-in request costs and what it must still see (issue 14): the session lookup is
 * one statement, the touch of `last_seen_at` a second one at most once a minute, and nothing is
 * cached between requests, so a changed permission, a new policy version or a logout is seen on
 * the very next request.
 */

/** Counts the statements run through a Kysely instance (every executed query passes transformResult). */
function counted(db: Db) {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      n++;
      return args.result;
    },
  };
  return {
    db: db.withPlugin(plugin),
    take() {
      const taken = n;
      n = 0;
      return taken;
    },
  };
}

describe(`session lookup per request (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const lastSeen = async (token: string) => {
    const row = await t.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    return row.last_seen_at;
  };
  const setLastSeen = (token: string, msAgo: number) =>
    t.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - msAgo).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
  const sessionData = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/get-sessionData',
      headers: { authorization: `Bearer ${token}` },
    });

  it('is one statement, and the touch a second one only when the last one is over a minute old', async () => {
    const token = await t.login(DEMO.diretor);
    const c = counted(t.db);

    await setLastSeen(token, 5_000);
    const resolved = await resolveSession(c.db, token);
    expect(resolved?.user).toMatchObject({ matricula: DEMO.diretor, filiais: ['Matriz', 'Maua'] });
    expect(c.take()).toBe(1);
    const fresh = await lastSeen(token);
    await resolveSession(c.db, token);
    expect(c.take()).toBe(1);
    expect(await lastSeen(token)).toBe(fresh);

    await setLastSeen(token, SESSION_TOUCH_MS + 1_000);
    const before = Date.now();
    await resolveSession(c.db, token);
    expect(c.take()).toBe(2);
    expect(Date.parse(await lastSeen(token))).toBeGreaterThanOrEqual(before - 5);
    await resolveSession(c.db, token);
    expect(c.take()).toBe(1);

    expect(await resolveSession(c.db, 'x'.repeat(43))).toBeUndefined();
    expect(c.take()).toBe(1);
  });

  it('through HTTP: a request within a minute of the last touch writes nothing, a later one touches', async () => {
    const token = await t.login(DEMO.colaborador);
    await setLastSeen(token, SESSION_TOUCH_MS - 15_000);
    const within = await lastSeen(token);
    expect((await sessionData(token)).statusCode).toBe(200);
    expect(await lastSeen(token)).toBe(within);

    await setLastSeen(token, SESSION_TOUCH_MS + 15_000);
    const before = Date.now();
    expect((await sessionData(token)).statusCode).toBe(200);
    expect(Date.parse(await lastSeen(token))).toBeGreaterThanOrEqual(before - 5);
  });

  it('sees a changed permission, sector, branch and policy version on the next request', async () => {
    const token = await t.login(DEMO.gestorCompras);
    const uid = await t.userId(DEMO.gestorCompras);
    expect((await sessionData(token)).json()).toMatchObject({
      privilegio: 2,
      admin: 0,
      setor: [{ sector: 'Compras', role: 'compras' }],
      filiais: ['Matriz'],
      policyAccepted: 1,
    });
    const rh = await t.db
      .selectFrom('sectors')
      .select('id')
      .where('name', '=', 'Recursos Humanos')
      .executeTakeFirstOrThrow();
    const maua = await t.db
      .selectFrom('branches')
      .select('id')
      .where('name', '=', 'Maua')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ privilegio: 3, admin: 1 }).where('id', '=', uid).execute();
    await t.db.insertInto('user_sectors').values({ user_id: uid, sector_id: rh.id, is_main: 0 }).execute();
    await t.db.insertInto('user_branches').values({ user_id: uid, branch_id: maua.id }).execute();

    expect((await sessionData(token)).json()).toMatchObject({
      privilegio: 3,
      admin: 1,
      setor: [
        { sector: 'Compras', role: 'compras' },
        { sector: 'Recursos Humanos', role: 'rh' },
      ],
      mainSector: 'Compras',
      filiais: ['Matriz', 'Maua'],
    });

    const policy = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'policy_version')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('settings')
      .set({ value: '2099-01-01' })
      .where('key', '=', 'policy_version')
      .execute();
    try {
      expect((await sessionData(token)).json()).toMatchObject({ policyAccepted: 0 });
      // A member route is refused until the new version is accepted.
      const notices = await t.app.inject({
        method: 'GET',
        url: '/api/get-infoText',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(notices.statusCode).toBe(403);
    } finally {
      await t.db
        .updateTable('settings')
        .set({ value: policy.value })
        .where('key', '=', 'policy_version')
        .execute();
    }
    expect((await sessionData(token)).json()).toMatchObject({ policyAccepted: 1 });
  });

  it('ends at once on logout, and a deleted session row is refused on the next request', async () => {
    const a = await t.login(DEMO.juridico);
    const b = await t.login(DEMO.juridico);
    expect((await sessionData(a)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { authorization: `Bearer ${a}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await sessionData(a)).statusCode).toBe(401);
    expect((await sessionData(b)).statusCode).toBe(200);
    await t.db.deleteFrom('sessions').where('token_hash', '=', hashToken(b)).execute();
    expect((await sessionData(b)).statusCode).toBe(401);
  });

  it('refuses an expired session on the first request after its expiry', async () => {
    const token = await t.login(DEMO.suporteTi);
    expect((await sessionData(token)).statusCode).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await sessionData(token)).statusCode).toBe(401);
  });

  it('loadSessionUser answers the same fields as the session, and nothing for a disabled user', async () => {
    const token = await t.login(DEMO.diretor);
    const uid = await t.userId(DEMO.diretor);
    // The session call adds the screens the user may open (auth.screens.ts) to the session's user.
    const { screens, ...user } = (await sessionData(token)).json<{ screens: Record<string, boolean> }>();
    expect(screens.atendimentoRh).toBe(true);
    expect(await loadSessionUser(t.db, uid)).toEqual(user);
    await t.db.updateTable('users').set({ active: 0 }).where('id', '=', uid).execute();
    try {
      expect(await loadSessionUser(t.db, uid)).toBeUndefined();
    } finally {
      await t.db.updateTable('users').set({ active: 1 }).where('id', '=', uid).execute();
    }
  });

  it.runIf(TEST_DIALECT === 'postgres')(
    'PostgreSQL: the session statement is prepared once per connection and reused',
    async () => {
      const token = await t.login(DEMO.presidente);
      await t.db.connection().execute(async (conn) => {
        await resolveSession(conn, token);
        await resolveSession(conn, token);
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements
          where name like 'intranet_q%'`.execute(conn);
        expect(
          rows.some((r) => r.statement.includes('"sessions"') && r.statement.includes('token_hash')),
        ).toBe(true);
      });
    },
  );
});
