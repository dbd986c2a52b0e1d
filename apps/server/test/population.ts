/**
 * Generated populations for the list-scope tests: users of every role × support flag × sector (and
 * odd combinations real data may hold), and the records each module lists, inserted straight
 * through Kysely in batches next to the demo company. Deterministic: every choice comes from a
 * seeded random source. Each module's `<module>.scope.test.ts` checks, for every generated user,
 * that its list answers exactly the records its contracts policy function lets it see.
 */
import { randomUUID } from 'node:crypto';
import {
  type Actor,
  CALL_STATUSES,
  DEPARTMENTS,
  folderNameKey,
  LIMITS,
  PUBLIC_FOLDER_ID,
  ROLE,
  ROLE_LABEL,
  ROOT_FOLDER_ID,
  type SectorRole,
} from '@intranet/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/database.ts';
import type { NewFolderFile } from '../src/modules/folders/folders.queries.ts';
import { insertPurchase } from '../src/modules/purchases/purchases.queries.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { createSession } from '../src/platform/sessions.ts';
import { buildTestApp } from './harness.ts';
import { type SeededRandom, seededRandom } from './seeded-random.ts';

export interface PopulationUser {
  id: number;
  matricula: string;
  nome: string;
  active: number;
  /** The facts every policy function takes, as the generator wrote them. */
  actor: Actor;
}

const BATCH = 200;
const POPULATION_PASSWORD = 'populacao123';

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** The database's active sectors (decision 0116): their names, ids and workflow roles. */
async function activeSectors(db: Db) {
  const rows = await db
    .selectFrom('sectors')
    .select(['id', 'name', 'role'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  return {
    names: rows.map((s) => s.name),
    ids: new Map(rows.map((s) => [s.name, s.id])),
    roleOf: new Map(rows.map((s) => [s.name, s.role as SectorRole | null])),
  };
}

/**
 * Every role × support flag × sector set (none, each sector alone, two random pairs and triples),
 * the admin flag on half the Administradores (the role alone makes an admin too) and now and then
 * on a Gestor or Colaborador, plus a few deactivated accounts. Active users accepted the policy.
 */
export async function insertUsers(db: Db, r: SeededRandom, firstMatricula = 5000): Promise<PopulationUser[]> {
  const { names, ids, roleOf } = await activeSectors(db);
  const sectorSets: string[][] = [
    [],
    ...names.map((s) => [s]),
    r.subset(names, 2),
    r.subset(names, 2),
    r.subset(names, 3),
  ];
  const specs: Omit<PopulationUser, 'id'>[] = [];
  const add = (privilegio: number, suport: number, admin: number, sectors: string[], active: number) => {
    const n = firstMatricula + specs.length;
    specs.push({
      matricula: String(n),
      nome: `Pessoa ${n} ${ROLE_LABEL[privilegio as keyof typeof ROLE_LABEL]}`,
      active,
      actor: {
        userId: 0,
        privilegio,
        suport,
        admin,
        setor: sectors.map((sector) => ({ sector, role: roleOf.get(sector) ?? null })),
      },
    });
  };
  for (const privilegio of Object.values(ROLE)) {
    for (const suport of [0, 1]) {
      sectorSets.forEach((sectors, i) => {
        const admin = privilegio === ROLE.Administrador ? i % 2 : r.chance(0.08) ? 1 : 0;
        add(privilegio, suport, admin, sectors, 1);
      });
    }
  }
  for (let i = 0; i < 6; i++) {
    add(r.pick(Object.values(ROLE)), r.int(2), 0, r.subset(names, r.int(3)), 0);
  }

  const senha = await hashPassword(POPULATION_PASSWORD);
  const now = new Date().toISOString();
  const users: PopulationUser[] = [];
  await db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('users')
      .values(
        specs.map((s, i) => ({
          nome: s.nome,
          senha,
          matricula: s.matricula,
          cpf: String(90_000_000_000 + firstMatricula + i),
          email: null,
          tell: null,
          filial: 'Matriz',
          privilegio: s.actor.privilegio,
          suport: s.actor.suport,
          admin: s.actor.admin,
          foto: null,
          active: s.active,
          deactivated_at: s.active ? null : now,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'matricula'])
      .execute();
    const idOf = new Map(inserted.map((u) => [u.matricula, u.id]));
    for (const s of specs) {
      const id = idOf.get(s.matricula)!;
      users.push({ ...s, id, actor: { ...s.actor, userId: id } });
    }
    const memberships = users.flatMap((u) =>
      u.actor.setor.map((s, i) => ({
        user_id: u.id,
        sector_id: ids.get(s.sector)!,
        is_main: i === 0 ? 1 : 0,
      })),
    );
    await inBatches(memberships, (batch) => tx.insertInto('user_sectors').values(batch).execute());
    const accepted = users
      .filter((u) => u.active === 1)
      .map((u) => ({ user_id: u.id, policy_version: LIMITS.policyVersion, accepted_at: now }));
    await inBatches(accepted, (batch) => tx.insertInto('policy_acceptances').values(batch).execute());
  });
  return users;
}

/** "5012 Gestor, admin, suporte, [Compras, QSSMA]": who a failed check was about. */
export function describeUser(u: PopulationUser): string {
  const a = u.actor;
  const flags = [a.admin ? 'admin' : '', a.suport ? 'suporte' : ''].filter(Boolean).join(', ');
  const sectors = a.setor.map((s) => s.sector).join(', ');
  return `${u.matricula} ${ROLE_LABEL[a.privilegio as keyof typeof ROLE_LABEL]}${flags ? `, ${flags}` : ''}, [${sectors}]`;
}

/** GET a URL as one user. */
export type Caller = (url: string) => Promise<LightMyRequestResponse>;

/** A signed-in caller per active user: a real session row, as the login creates it. */
export async function signInAll(
  app: FastifyInstance,
  db: Db,
  users: PopulationUser[],
): Promise<Map<number, Caller>> {
  const callers = new Map<number, Caller>();
  for (const u of users.filter((x) => x.active === 1)) {
    const token = await createSession(db, u.id, { ip: null, userAgent: 'population' });
    callers.set(u.id, (url) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
    );
  }
  return callers;
}

/**
 * A test app with a generated population next to the demo company: its users, the active ones and
 * a signed-in caller each. `r` goes on from where insertUsers left it, for the records a test adds.
 */
export async function populatedApp(seed: number, firstMatricula?: number) {
  const t = await buildTestApp();
  const r = seededRandom(seed);
  const users = await insertUsers(t.db, r, firstMatricula);
  const callers = await signInAll(t.app, t.db, users);
  return { t, r, users, viewers: users.filter((u) => u.active === 1), callers };
}

/**
 * Support calls of every department, with and without a purchase request (`request_id`), in every
 * status, opened by random users of the population.
 */
export async function insertCalls(db: Db, r: SeededRandom, requesters: PopulationUser[], perKind = 12) {
  const start = Date.parse('2025-01-01T12:00:00Z');
  const rows = DEPARTMENTS.flatMap((dep) =>
    [false, true].flatMap((purchase) =>
      Array.from({ length: perKind }, () => {
        const who = r.pick(requesters);
        const at = new Date(start + r.int(300 * 86_400) * 1000).toISOString();
        return {
          problema: 'Outros',
          dep,
          descricao: `Chamado gerado para ${who.nome}.`,
          filial: r.pick(['Matriz', 'Maua']),
          status: r.pick(CALL_STATUSES).status,
          user_id: who.id,
          nome_usuario: who.nome,
          matricula_usuario: who.matricula,
          setores_usuario: who.actor.setor.map((s) => s.sector).join(', ') || null,
          suporte_id: null,
          nome_suporte: null,
          matricula_suporte: null,
          request_id: purchase ? 1 + r.int(40) : null,
          created_at: at,
          updated_at: at,
        };
      }),
    ),
  );
  await inBatches(rows, (batch) => db.insertInto('calls').values(batch).execute());
}

/**
 * A folder tree under Home and Pasta Pública, up to five levels deep: the first few opened to
 * everyone (so that every rule below them is met by someone), then random owners, privileges 1–3
 * (3 half the time), one in four private, one in three shared with one to three users, and zero
 * to three files each. Every generated name contains "pop", so one search finds them all.
 */
export async function insertFolderTree(db: Db, r: SeededRandom, users: PopulationUser[], folders = 30) {
  const now = new Date().toISOString();
  const parents: { id: number; depth: number }[] = [
    { id: ROOT_FOLDER_ID, depth: 0 },
    { id: PUBLIC_FOLDER_ID, depth: 1 },
  ];
  const words = ['Contratos', 'Relatórios', 'Notas', 'Frota', 'Auditoria', 'Inventário', 'Projetos'];
  const shares: { folder_id: number; user_id: number; created_by: number | null; created_at: string }[] = [];
  const files: NewFolderFile[] = [];
  for (let i = 0; i < folders; i++) {
    const open = i < 4;
    const parent = open ? parents[i % 2]! : r.pick(parents.filter((p) => p.depth < 5));
    const owner = r.pick(users);
    const name = `Pop ${r.pick(words)} ${i}`;
    const { id } = await db
      .insertInto('folders')
      .values({
        name,
        name_key: folderNameKey(name),
        parent_id: parent.id,
        user_id: owner.id,
        privilegio: open ? 3 : r.pick([1, 2, 3, 3]),
        is_private: !open && r.chance(0.25) ? 1 : 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    parents.push({ id, depth: parent.depth + 1 });
    if (r.chance(1 / 3)) {
      for (const u of r.subset(users, 1 + r.int(3)))
        shares.push({ folder_id: id, user_id: u.id, created_by: owner.id, created_at: now });
    }
    for (let k = r.int(4); k > 0; k--) {
      const fileName = `pop arquivo ${i}-${k}.pdf`;
      files.push({
        name: fileName,
        name_key: folderNameKey(fileName),
        file_name: `${randomUUID()}.pdf`,
        folder_id: id,
        user_id: r.pick(users).id,
        size: 1000 + r.int(100_000),
        mime: 'application/pdf',
        tipo: 'pdf',
        created_at: now,
      });
    }
  }
  await inBatches(shares, (batch) => db.insertInto('folder_shares').values(batch).execute());
  await inBatches(files, (batch) => db.insertInto('folder_files').values(batch).execute());
}

/** Applications assigned to zero to three random sectors. */
export async function insertApps(db: Db, r: SeededRandom, count = 24) {
  const now = new Date().toISOString();
  const { names, ids } = await activeSectors(db);
  const apps = await db
    .insertInto('apps')
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Pop App ${i}`,
        address: `https://app${i}.rotasul.com.br`,
        image: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  const assignments = apps.flatMap((a) =>
    r.subset(names, r.int(4)).map((s) => ({ app_id: a.id, sector_id: ids.get(s)! })),
  );
  await inBatches(assignments, (batch) => db.insertInto('app_sectors').values(batch).execute());
}

/**
 * Calendar events (company ones and meetings with zero to three invitees) and vacations of random
 * people (the main sector copied as the server copies it) over the days from `from`, `days` long.
 */
export async function insertCalendar(
  db: Db,
  r: SeededRandom,
  users: PopulationUser[],
  from: string,
  days = 42,
  count = 60,
) {
  const now = new Date().toISOString();
  const dayAt = (n: number) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const events = await db
    .insertInto('calendar_events')
    .values(
      Array.from({ length: count }, (_, i) => ({
        title: `Pop evento ${i}`,
        event_date: dayAt(r.int(days)),
        hours_of: '',
        hours_to: '',
        company: r.chance(0.3) ? 1 : 0,
        created_by: r.pick(users).id,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning(['id', 'created_by'])
    .execute();
  const invitees = events.flatMap((e) =>
    r
      .subset(
        users.filter((u) => u.id !== e.created_by),
        r.int(4),
      )
      .map((u) => ({ event_id: e.id, user_id: u.id, invited_by: e.created_by, created_at: now })),
  );
  await inBatches(invitees, (batch) => db.insertInto('calendar_event_invitees').values(batch).execute());
  const vacations = Array.from({ length: count }, () => {
    const u = r.pick(users);
    const start = dayAt(r.int(days) - 10);
    const length = 1 + r.int(20);
    return {
      user_id: u.id,
      user_name: u.nome,
      user_registration: u.matricula,
      user_sector: u.actor.setor[0]?.sector ?? null,
      date_start: start,
      date_end: dayAt(r.int(days) - 10 + length),
      vacation_days: length,
      created_by: null,
      created_at: now,
    };
  }).map((v) => (v.date_end < v.date_start ? { ...v, date_end: v.date_start } : v));
  await inBatches(vacations, (batch) => db.insertInto('calendar_vacations').values(batch).execute());
}

/**
 * Every row of a paged list: asks page after page until the rows reach the announced total (or a
 * page comes back empty), so a wrong total or a row missing from every page shows as a difference.
 * The total may come on the first page only.
 */
export async function allPages<T>(page: (n: number) => Promise<{ rows: T[]; total?: number }>): Promise<T[]> {
  const rows: T[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let n = 1; n <= 1000; n++) {
    const answer = await page(n);
    rows.push(...answer.rows);
    total = answer.total ?? total;
    if (answer.rows.length === 0 || rows.length >= total) return rows;
  }
  throw new Error('a lista não termina');
}

/**
 * The problems `check` finds for each user, run a few users at a time (the database waits, not the
 * test), listed in the users' order.
 */
export async function problemsOfEach<T>(
  items: readonly T[],
  check: (item: T) => Promise<string[]>,
  concurrency = 6,
): Promise<string[]> {
  const results: string[][] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await check(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results.flat();
}

/** What a list got wrong for one user: rows it should not show, rows it missed, rows it repeated. */
export function scopeDifference(
  who: string,
  returned: readonly number[],
  expected: readonly number[],
): string[] {
  const got = new Set(returned);
  const want = new Set(expected);
  const problems: string[] = [];
  const extra = [...got].filter((id) => !want.has(id)).sort((a, b) => a - b);
  const missing = [...want].filter((id) => !got.has(id)).sort((a, b) => a - b);
  if (extra.length) problems.push(`${who}: mostra o que não pode ver ${JSON.stringify(extra)}`);
  if (missing.length) problems.push(`${who}: falta o que pode ver ${JSON.stringify(missing)}`);
  if (got.size !== returned.length) problems.push(`${who}: linhas repetidas`);
  return problems;
}

/**
 * Purchase requests in every status (0–10) opened by random users of the population, with their
 * requester's sectors as the snapshot the managers' scope reads. Answers the ids inserted.
 */
export async function insertPurchases(db: Db, r: SeededRandom, requesters: PopulationUser[], count = 120) {
  const start = Date.parse('2025-01-01T12:00:00Z');
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const who = r.pick(requesters);
    const at = new Date(start + r.int(300 * 86_400) * 1000).toISOString();
    const sectors = who.actor.setor.map((s) => s.sector);
    const id = await insertPurchase(
      db,
      {
        typerequest: r.pick(['compra', 'servico']),
        descript: `Pedido gerado para ${who.nome}`,
        qnt: 1 + r.int(20),
        justify: 'Outros',
        justify_descript: 'População de teste',
        supply_type: null,
        estima_val: r.int(200_000),
        priority: 1 + r.int(3),
        filial: r.pick(['Matriz', 'Maua']),
        obs: null,
        link: null,
        status: i % 11,
        material_sol: 0,
        in_quote: 0,
        user_id: who.id,
        nome_usuario: who.nome,
        matricula_usuario: who.matricula,
        setores_usuario: sectors.join(', ') || null,
        setor_usuario: sectors[0] ?? null,
        call_id: null,
        atendente_id: null,
        quoter_id: null,
        buyer_id: null,
        picker_id: null,
        aprovall_id: null,
        cotac_id: null,
        created_at: at,
        updated_at: at,
      },
      sectors,
    );
    ids.push(id);
  }
  return ids;
}
