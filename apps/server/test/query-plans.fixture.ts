import { CompiledQuery, type KyselyPlugin, type RootOperationNode, sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { demoFines, loadFines } from '../src/seed/demo-fines.ts';
import type { TestApp } from './harness.ts';
import type { ListQuery, Who } from './query-plans.lists.ts';

/** How the query-plans test reads plans (SQLite and PostgreSQL) and the rows it plans over. */

/**
 * The SELECTs a list query sends (built, or written as raw SQL), compiled as the database gets them. A SELECT of no column is not
 * one: pagedQuery compiles a list's filters (FROM and WHERE only) to compare them, never sends them.
 */
export async function statementsOf(t: TestApp, who: Who, q: ListQuery): Promise<CompiledQuery[]> {
  const nodes: {
    node: RootOperationNode;
    queryId: Parameters<KyselyPlugin['transformQuery']>[0]['queryId'];
  }[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      nodes.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  // A statement compiled once (db/compiled-once.ts), already by an earlier test file of this worker
  // (isolate: false), reaches the database through executeQuery alone, past the plugin.
  const executed: CompiledQuery[] = [];
  const recorded = t.db.withPlugin(recorder);
  const db = new Proxy(recorded, {
    get(target, prop) {
      if (prop === 'executeQuery')
        return (query: CompiledQuery, ...rest: []) => {
          executed.push(query);
          return target.executeQuery(query, ...rest);
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  await q.run(db, who);
  const executor = t.db.getExecutor();
  const isSelect = (s: CompiledQuery) => /^\s*(select|with)\b/i.test(s.sql);
  const built = nodes.flatMap((n) => {
    if (n.node.kind === 'SelectQueryNode')
      return (n.node.selections?.length ?? 0) > 0 ? [executor.compileQuery(n.node, n.queryId)] : [];
    if (n.node.kind !== 'RawNode') return [];
    const compiled = executor.compileQuery(n.node, n.queryId);
    return isSelect(compiled) ? [compiled] : [];
  });
  const seen = new Set(built.map((s) => s.sql));
  return [...built, ...executed.filter((s) => isSelect(s) && !seen.has(s.sql))];
}

/** A statement's plan, one line per step (`generic`: PostgreSQL's plan for any values, as a prepared statement keeps it). */
export async function planOf(t: TestApp, statement: CompiledQuery, generic = false): Promise<string[]> {
  if (generic) return genericPlanOf(t, statement);
  if (t.dialect === 'sqlite') {
    const plan = await t.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
    );
    return plan.rows.map((r) => r.detail);
  }
  return t.db.connection().execute(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    try {
      const plan = await conn.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]),
      );
      return plan.rows.map((r) => r['QUERY PLAN'].trim());
    } finally {
      await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
    }
  });
}

/** A parameter's value as a PostgreSQL literal (numbers, texts, arrays of them, null). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = Array.isArray(value)
    ? `{${value.map((v) => JSON.stringify(String(v))).join(',')}}`
    : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * PostgreSQL's generic plan of a statement that runs prepared (db/prepared-statements.ts): the one
 * plan it may keep for every value after a few runs, forced here (`plan_cache_mode`).
 */
function genericPlanOf(t: TestApp, statement: CompiledQuery): Promise<string[]> {
  return t.db.connection().execute(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    await conn.executeQuery(CompiledQuery.raw('set plan_cache_mode = force_generic_plan'));
    await conn.executeQuery(CompiledQuery.raw(`prepare query_plans_generic as ${statement.sql}`));
    try {
      // EXECUTE takes no bound parameters: its values are written as literals (a generic plan
      // does not look at them anyway).
      const values = statement.parameters.map(literal).join(', ');
      const plan = await conn.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain execute query_plans_generic${values ? `(${values})` : ''}`),
      );
      return plan.rows.map((r) => r['QUERY PLAN'].trim());
    } finally {
      await conn.executeQuery(CompiledQuery.raw('deallocate query_plans_generic'));
      await conn.executeQuery(CompiledQuery.raw('reset plan_cache_mode'));
      await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
    }
  });
}

/**
 * The full scans of a plan. SQLite: "SCAN calls" reads the table, "SCAN calls USING INDEX …" walks
 * an index in order (the LIMIT stops it), "SCAN x VIRTUAL TABLE …" is the FTS5 search; the CTEs
 * (tree, chain, hit, match) are the query's own results, made through indexes, and `capped` the
 * LIMITed subquery a first page's total counts (lists/total.ts#countUpTo), `probe` the LIMITed
 * count of a range filter's matches (lists/paged-query.ts#rangeTest), `cube_keys` / `cube_maxima`
 * the fines dashboard's keys and maxima read off the cube's keys (fines.summary.queries.ts). PostgreSQL: "Seq Scan on".
 */
export const fullScans = (dialect: TestApp['dialect'], plan: string[]) =>
  plan.filter((d) =>
    dialect === 'sqlite'
      ? /^SCAN \w+$/.test(d) &&
        !/^SCAN (tree|chain|hit|match|capped|probe|cube_keys|cube_maxima|skipped)$/.test(d)
      : /Seq Scan on/.test(d),
  );

/**
 * The indexes a PostgreSQL plan reads, in its order, with its full scans and sorts: what a
 * statement's generic plan must share with its plan for the values it runs with (how it reads an
 * index, by bitmap or in order, may differ with the rows expected).
 */
export const pathsOf = (plan: string[]) =>
  plan.flatMap((line) => {
    const index = / using (\w+)|^(?:->\s*)?Bitmap Index Scan on (\w+)/.exec(line);
    if (index) return [index[1] ?? index[2]];
    return /Seq Scan on|^(->\s*)?Sort\s+\(/.test(line) ? [line.replace(/\s*\(cost=.*$/, '')] : [];
  });

/**
 * A sort of the rows a statement found, instead of an index read in order: SQLite "USE TEMP B-TREE
 * FOR ORDER BY"; PostgreSQL a "Sort" node (an "Incremental Sort" of the tiebreak within an
 * index's order is fine).
 */
export const sorts = (dialect: TestApp['dialect'], plan: string[]) =>
  plan.filter((d) =>
    dialect === 'sqlite' ? /TEMP B-TREE FOR ORDER BY/.test(d) : /^(->\s*)?Sort\s+\(/.test(d),
  );

/**
 * How pagedQuery's walks bound the rows they read without a search index (lists/walk.ts#walkedPage):
 * a LIMIT (read in an index's order), or the walk's last key (a row-value range of the sort's index).
 */
export const BOUNDED = /\blimit\b|\) [<>]= \(/i;

/**
 * SQLite plans without statistics, whatever the rows; the rows decide which of pagedQuery's
 * statements run: more than its walk (2,000 rows) of calls, purchases and users whose names match
 * none of the searched texts, so that the search-index phase runs (and is checked) too; fines whose
 * auto numbers start with Q, so that the table's common ranges walk the sort's index.
 */
export async function moreThanAWalk(db: Db) {
  const now = new Date().toISOString();
  await loadFines(db, demoFines(2500, { seed: 3, prefix: 'Q' }), now);
  await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 2500)
    insert into calls (problema, dep, descricao, filial, status, user_id, nome_usuario, matricula_usuario,
      nome_suporte, created_at, updated_at)
    select 'Outros', 'Recursos Humanos', '-', 'Matriz', n % 4, 1, 'Pessoa ' || n, '8' || n, 'Suporte ' || (n % 50),
      strftime('%Y-%m-%dT%H:%M:%S.000Z', '2024-01-01', '+' || n || ' hours'), ${now} from g`.execute(db);
  await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 2500)
    insert into purchase_requests (typerequest, descript, qnt, justify, justify_descript, priority, filial,
      status, user_id, nome_usuario, matricula_usuario, setor_usuario, created_at, updated_at)
    select case when n % 2 = 0 then 'compra' else 'servico' end, 'Produto ' || n, 1 + n % 9, 'Outros', '-',
      1 + n % 3, 'Matriz', n % 11, 1, 'Pessoa ' || n, '8' || n, 'Operação',
      strftime('%Y-%m-%dT%H:%M:%S.000Z', '2024-01-01', '+' || n || ' hours'), ${now} from g`.execute(db);
  await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 2500)
    insert into users (nome, senha, matricula, filial, privilegio, suport, admin, created_at, updated_at)
    select 'Pessoa ' || n || ' Teste', '-', '8' || substr('000000000' || n, -9), 'Matriz', 4, 0, 0, ${now}, ${now}
    from g`.execute(db);
}

/** PostgreSQL plans by its statistics: enough rows that an index pays, as in production. */
export async function tenTimesShape(db: Db) {
  const now = new Date().toISOString();
  await sql`insert into users (nome, senha, matricula, filial, privilegio, suport, admin, created_at, updated_at)
    select 'Pessoa ' || g || ' Teste', '-', '8' || lpad(g::text, 9, '0'), 'Matriz', 4, 0, 0, ${now}, ${now}
    from generate_series(1, 20000) g`.execute(db);
  await sql`insert into folders (name, name_key, parent_id, created_at)
    select 'Pasta ' || g, 'pasta ' || g, 1, ${now} from generate_series(1, 20000) g`.execute(db);
  await sql`insert into folder_files (name, name_key, file_name, folder_id, size, mime, tipo, created_at)
    select 'Arquivo ' || g || '.pdf', 'arquivo ' || g || '.pdf', 'plan-' || g, 2, 1, 'application/pdf', 'pdf', ${now}
    from generate_series(1, 20000) g`.execute(db);
  await sql`insert into calls (problema, dep, descricao, filial, status, user_id, nome_usuario, matricula_usuario,
      nome_suporte, created_at, updated_at)
    select 'Outros', 'Recursos Humanos', '-', 'Matriz', g % 4, 1, 'Pessoa ' || g, '8' || g, 'Suporte ' || (g % 50),
      to_char(timestamp '2024-01-01' + g * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'), ${now}
    from generate_series(1, 20000) g`.execute(db);
  await sql`insert into purchase_requests (typerequest, descript, qnt, justify, justify_descript, priority, filial,
      status, user_id, nome_usuario, matricula_usuario, setor_usuario, created_at, updated_at)
    select case when g % 2 = 0 then 'compra' else 'servico' end, 'Produto ' || g, 1 + g % 9, 'Outros', '-',
      1 + g % 3, 'Matriz', g % 11, 1, 'Pessoa ' || g, '8' || g, 'Operação',
      to_char(timestamp '2024-01-01' + g * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'), ${now}
    from generate_series(1, 20000) g`.execute(db);
  await sql`insert into purchase_request_sectors (request_id, sector, created_at)
    select id, case when id % 5 = 0 then 'Recursos Humanos' else 'Operação' end, created_at from purchase_requests
    on conflict do nothing`.execute(db);
  await sql`insert into operation_attachments (ot, slot, file_name, original_name, mime, size, created_at)
    select 'OT-' || lpad(g::text, 6, '0'), g % 4, 'plan-ot-' || g, 'video.mp4', 'video/mp4', 1, ${now}
    from generate_series(1, 20000) g`.execute(db);
  await sql`analyze`.execute(db);
}
