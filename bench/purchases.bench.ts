/**
 * `npm run bench:purchases`: the received purchases list (SOLICITAÇÕES DE COMPRAS) — first page,
 * the side filter bar's filters, the text search, "aguardando minha aprovação" — and a request's
 * detail, on BENCH_PURCHASES requests (50,000), against the bare Fastify route of the same run
 * (ARCHITECTURE.md rule 9).
 *
 * Starts the real server on a fresh DATA_DIR (demo company seeded), adds the requests straight into
 * its database in batch inserts (their sectors too, as opening a request does), then drives it with
 * autocannon (bench/support). With BENCH_DATABASE_URL set, the same runs on a scratch PostgreSQL
 * database too.
 *
 * Settings: BENCH_PURCHASES (50000), BENCH_CONNECTIONS (50), BENCH_DURATION s (10), BENCH_WARMUP s (2),
 * BENCH_DATABASE_URL (unset: SQLite only).
 */
import { JUSTIFICATIONS } from '@intranet/contracts';
import { sql } from 'kysely';
import { DEMO_USERS } from '../apps/server/src/seed/demo-data.ts';
import { openAppDatabase, withApp } from './support/databases.ts';
import { type DatabaseKind, get, type Measurement, measureEach } from './support/measure.ts';
import { runBench } from './support/processes.ts';
import { fmt, machine, printTable, writeResults } from './support/report.ts';
import { type AppServer, benchEveryDatabase, signIn } from './support/servers.ts';
import { LOAD, positive } from './support/settings.ts';

const REQUESTS = positive('BENCH_PURCHASES', 50_000);
/** Most requests end finished or denied; some wait at each stage. */
const STATUSES = [9, 9, 9, 9, 10, 10, 0, 1, 2, 3, 4, 5, 6, 7, 8];
const PRODUCTS = [
  'Cadeira ergonômica',
  'Notebook',
  'Monitor 24 polegadas',
  'Empilhadeira elétrica',
  'Pneu para carreta',
  'Manutenção do ar-condicionado',
  'Impressora térmica',
  'Caixa de ferramentas',
  'Uniforme de motorista',
  'Licença de software',
];

async function insertRequests(app: AppServer): Promise<number> {
  const started = performance.now();
  const handle = openAppDatabase(app);
  try {
    const users = await handle.db.selectFrom('users').select(['id', 'matricula', 'nome']).execute();
    const sectorsOf = (matricula: string) => DEMO_USERS.find((d) => d.matricula === matricula)?.sectors ?? [];
    const since = Date.now() - 2 * 365 * 86_400_000;
    await handle.db.transaction().execute(async (tx) => {
      const before = await tx
        .selectFrom('purchase_requests')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      for (let offset = 0; offset < REQUESTS; offset += 500) {
        const rows = Array.from({ length: Math.min(500, REQUESTS - offset) }, (_, k) => {
          const i = offset + k;
          const u = users[i % users.length]!;
          const sectors = sectorsOf(u.matricula);
          const at = new Date(since + Math.floor((i / REQUESTS) * (Date.now() - since))).toISOString();
          const servico = i % 4 === 0;
          return {
            typerequest: servico ? 'servico' : 'compra',
            descript: `${PRODUCTS[i % PRODUCTS.length]} ${i}`,
            qnt: 1 + (i % 12),
            justify: JUSTIFICATIONS[i % JUSTIFICATIONS.length]!,
            justify_descript: 'Carga do benchmark de compras.',
            estima_val: 10_000 + (i % 500) * 1_000,
            priority: 1 + (i % 3),
            filial: i % 3 === 0 ? 'Maua' : 'Matriz',
            link: servico ? null : 'https://loja.example/produto',
            status: STATUSES[i % STATUSES.length]!,
            material_sol: 0,
            in_quote: 0,
            user_id: u.id,
            nome_usuario: u.nome,
            matricula_usuario: u.matricula,
            setores_usuario: sectors.join(', ') || null,
            setor_usuario: sectors[0] ?? null,
            created_at: at,
            updated_at: at,
          };
        });
        await tx.insertInto('purchase_requests').values(rows).execute();
      }
      // The requester's sectors, one row each (what opening a request writes).
      for (const u of users) {
        for (const sector of sectorsOf(u.matricula)) {
          await tx
            .insertInto('purchase_request_sectors')
            .columns(['request_id', 'sector'])
            .expression((eb) =>
              eb
                .selectFrom('purchase_requests')
                .select(['id', sql.lit(sector).as('sector')])
                .where('user_id', '=', u.id)
                .where('id', '>', before?.max ?? 0),
            )
            .execute();
        }
      }
    });
    if (handle.dialect === 'postgres') await sql`analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(`  ${app.database}: ${fmt(REQUESTS)} requests inserted in ${seconds.toFixed(1)} s\n`);
  return seconds;
}

async function benchLists(app: AppServer, database: DatabaseKind): Promise<Measurement[]> {
  const admin = await signIn(app.base, '1001');
  const compras = await signIn(app.base, '1002');
  const director = await signIn(app.base, '1006');
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const list = (q: string) => `${app.base}/api/purchases?scope=received&pageSize=50${q ? `&${q}` : ''}`;
  const some = Math.floor(REQUESTS / 2);
  const targets = [
    get('received: Compras, newest 50 of all', list(''), compras),
    get('filter: status 3 + Matriz + compra', list('status=3&filial=Matriz&typerequest=compra'), compras),
    get(
      'filter: sector Recursos Humanos + last 90 days',
      list(`setor=Recursos%20Humanos&from=${day(90)}&to=${day(0)}`),
      compras,
    ),
    get('filter: priority Alta, sorted by quantity', list('priority=1&sort=qnt&dir=asc'), compras),
    get('search: "cadeira"', list('q=cadeira'), compras),
    get('search: "ergonomica 4" (no accent)', list('q=ergonomica%204'), compras),
    get('waiting for me: director', list('waiting=1'), director),
    get(`detail: GET /api/purchases/${some}`, `${app.base}/api/purchases/${some}`, admin),
  ];
  return measureEach(targets, database, app.child, LOAD);
}

function benchDatabase(database: DatabaseKind) {
  return withApp(database, 'purchases', async (app) => {
    const insertSeconds = await insertRequests(app);
    const rows = await benchLists(app, database);
    return { insertSeconds, rows };
  });
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const info = machine();
  console.error(
    `purchases bench: ${fmt(REQUESTS)} requests, ${LOAD.connections} connections, ${LOAD.warmupS} s warm-up + ` +
      `${LOAD.durationS} s per request; ${info.cpus} × ${info.cpuModel}, Node ${info.node}`,
  );
  const { rows, runs } = await benchEveryDatabase(LOAD, benchDatabase);
  const { file } = writeResults('purchases', startedAt, {
    settings: { requests: REQUESTS, ...LOAD },
    inserts: runs.map((r) => ({ database: r.database, seconds: r.insertSeconds })),
    results: rows,
  });
  printTable(rows);
  console.log(`written to ${file}`);
}

await runBench(main);
