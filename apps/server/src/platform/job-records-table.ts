import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import type { JobHost } from './job-host.ts';
import { progressWriter } from './job-progress.ts';
import type { JobRecord, JobRecords, JobRecordsOptions, RunningJob } from './job-records.ts';
import { isJobId } from './job-records.ts';

/**
 * Job records in PostgreSQL's `job_records` (migration 0046; decision 0127), one database for
 * every server. A running record names the app that runs it (`owner`) and carries its heartbeat,
 * written every HEARTBEAT_MS by the database's clock: one silent for LEASE_MS is a job whose
 * server is gone. A resumable one is then adopted by a live server (one wins: FOR UPDATE SKIP
 * LOCKED); any other ends as `orphaned` says. `cancelled` is a column of its own, which the job's
 * progress writes never touch, and so is `result`, the end its work's transaction wrote; a claim is
 * a DELETE … RETURNING only one server wins.
 */

/** How often a running job says it is alive. */
export const HEARTBEAT_MS = 2_000;
/** A running record silent this long has lost its server. */
export const LEASE_MS = 10_000;

interface Row<T> {
  id: string;
  user_id: number;
  running: boolean;
  cancelled: boolean;
  /** Epoch milliseconds (bigint, as text) when an ended record may be swept. */
  expires_at: string | null;
  data: T;
  /** Running, and its heartbeat stopped. */
  gone: boolean;
}

const json = (data: unknown) => sql`${JSON.stringify(data)}::jsonb`;
const STALE = sql`(heartbeat_at is null or heartbeat_at < now() - ${sql.lit(`${LEASE_MS} milliseconds`)}::interval)`;

export function tableRecords<T>(db: Db, host: JobHost, options: JobRecordsOptions<T>): JobRecords<T> {
  const { kind } = options;
  const owner = host.owner;
  const expiry = () => Date.now() + options.ttlMs;
  const checkedId = (id: string) => {
    if (!isJobId(id)) throw new Error(`id de registro inválido: ${id}`);
    return id;
  };
  const select = sql`select id, user_id, running, cancelled, expires_at, data, (running and ${STALE}) as gone
    from job_records where kind = ${kind}`;

  /** Ends a running record whose server is gone as `orphaned` says (unless adopted meanwhile). */
  async function orphan(row: Row<T>): Promise<Row<T> | undefined> {
    const { rows } = await sql<Row<T>>`update job_records
      set running = false, owner = null, heartbeat_at = null, expires_at = ${expiry()},
        data = ${json(options.orphaned(row.data))}
      where kind = ${kind} and id = ${row.id} and running and ${STALE}
      returning id, user_id, running, cancelled, expires_at, data, false as gone`.execute(db);
    return rows[0];
  }

  /** The record as it stands now: a running one whose server is gone ends here (not a resumable one). */
  async function current(id: string): Promise<Row<T> | undefined> {
    const { rows } = await sql<Row<T>>`${select} and id = ${id}`.execute(db);
    const row = rows[0];
    if (!row?.gone || options.resumable) return row;
    return (await orphan(row)) ?? (await sql<Row<T>>`${select} and id = ${id}`.execute(db)).rows[0];
  }

  const visible = (row: Row<T> | undefined, now: number): row is Row<T> =>
    row !== undefined && !row.cancelled && (row.running || Number(row.expires_at ?? 0) > now);

  const remove = async (id: string) => {
    await sql`delete from job_records where kind = ${kind} and id = ${id}`.execute(db);
  };

  /** The job of a running record this app owns. */
  function runningJob(id: string, data: T): RunningJob<T> {
    // Writes of a record this app no longer owns (released, adopted elsewhere) change nothing.
    const mine = sql`kind = ${kind} and id = ${id} and owner = ${owner} and running`;
    const writer = progressWriter(data, (next: T) =>
      sql`update job_records set data = ${json(next)}, heartbeat_at = now() where ${mine}`.execute(db),
    );
    const beat = setInterval(
      () => writer.queue(() => sql`update job_records set heartbeat_at = now() where ${mine}`.execute(db)),
      HEARTBEAT_MS,
    );
    beat.unref();
    const finish = async () => {
      clearInterval(beat);
      await writer.finish();
    };
    const ended = (final: T) =>
      sql`update job_records set running = false, owner = null, heartbeat_at = null,
        expires_at = ${expiry()}, data = ${json(final)}`;
    return {
      id,
      signal: host.signal,
      progress: writer.progress,
      async cancelled() {
        const { rows } = await sql<{ cancelled: boolean }>`select cancelled from job_records
          where kind = ${kind} and id = ${id}`.execute(db);
        return rows[0]?.cancelled ?? false;
      },
      async end(final) {
        await finish();
        await sql`${ended(final)} where kind = ${kind} and id = ${id} and (owner = ${owner} or owner is null)`.execute(
          db,
        );
      },
      async commitIn(tx: Tx, final) {
        // What the transaction wrote is the truth, whoever owns the record by now.
        await sql`update job_records set result = ${json(final)} where kind = ${kind} and id = ${id}`.execute(
          tx,
        );
      },
      async committedIn(tx: Tx) {
        const { rows } = await sql<{ result: T | null }>`select result from job_records
          where kind = ${kind} and id = ${id}`.execute(tx);
        return rows[0]?.result ?? undefined;
      },
      async remove() {
        await finish();
        await remove(id);
      },
      async release() {
        await finish();
        if (options.resumable)
          await sql`update job_records set owner = null, heartbeat_at = null where ${mine}`.execute(db);
        else await sql`${ended(options.orphaned(writer.known()))} where ${mine}`.execute(db);
      },
    };
  }

  /** Writes a record: a new one, or over one of the same id (its cancel stays). */
  const upsert = (id: string, userId: number, running: boolean, data: T) =>
    sql`insert into job_records (kind, id, user_id, running, owner, heartbeat_at, expires_at, data)
      values (${kind}, ${id}, ${userId}, ${running}, ${running ? owner : null},
        ${running ? sql`now()` : null}, ${running ? null : expiry()}, ${json(data)})
      on conflict (kind, id) do update set user_id = excluded.user_id, running = excluded.running,
        owner = excluded.owner, heartbeat_at = excluded.heartbeat_at, expires_at = excluded.expires_at,
        data = excluded.data`.execute(db);

  return {
    async start(id, userId, data) {
      await upsert(checkedId(id), userId, true, data);
      return runningJob(id, data);
    },

    async keep(id, userId, data) {
      await upsert(checkedId(id), userId, false, data);
    },

    async read(id) {
      if (!isJobId(id)) return undefined;
      const row = await current(id);
      if (!visible(row, Date.now())) return undefined;
      return { id, userId: row.user_id, running: row.running, data: row.data };
    },

    async claim(id, userId) {
      if (!isJobId(id)) return undefined;
      await current(id);
      const { rows } = await sql<Row<T>>`delete from job_records
        where kind = ${kind} and id = ${id} and user_id = ${userId} and not cancelled
          and (running or expires_at > ${Date.now()})
        returning id, user_id, running, cancelled, expires_at, data, false as gone`.execute(db);
      const row = rows[0];
      return row && { id, userId, running: row.running, data: row.data };
    },

    async cancel(id) {
      if (!isJobId(id)) return;
      await sql`update job_records set cancelled = true where kind = ${kind} and id = ${id}`.execute(db);
    },

    async remove(id) {
      if (isJobId(id)) await remove(id);
    },

    async sweep(now = Date.now()) {
      if (!options.resumable) {
        const { rows } = await sql<Row<T>>`${select} and running and ${STALE}`.execute(db);
        for (const row of rows) await orphan(row);
      }
      const { rows } = await sql<{ data: T }>`delete from job_records
        where kind = ${kind} and not running and expires_at <= ${now} returning data`.execute(db);
      for (const row of rows) await options.forget?.(row.data).catch(() => undefined);
    },

    async adopt() {
      if (!options.resumable || host.signal.aborted) return undefined;
      const { rows } = await sql<Row<T>>`update job_records set owner = ${owner}, heartbeat_at = now()
        where kind = ${kind} and running and ${STALE} and id = (
          select id from job_records where kind = ${kind} and running and not cancelled and ${STALE}
          limit 1 for update skip locked)
        returning id, user_id, running, cancelled, expires_at, data, false as gone`.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      const record: JobRecord<T> = { id: row.id, userId: row.user_id, running: true, data: row.data };
      return { record, job: runningJob(row.id, row.data) };
    },
  };
}
