import type { Tx } from '../db/database.ts';
import type { AppContext } from './context.ts';
import { fileRecords } from './job-records-files.ts';
import { tableRecords } from './job-records-table.ts';

/**
 * Records of background jobs (and what waits between two requests of one user, like a previewed
 * import), shared by every server: the next request of the same user, the job's poll or its cancel
 * may reach another server than the one running it (decision 0127).
 *
 * - PostgreSQL: rows of `job_records` (job-records-table.ts), one database for every server. A
 *   running record names its app and is kept alive by its heartbeat; one whose heartbeat stopped
 *   (its server stopped or died) is taken over by a live server when its kind is `resumable`, or
 *   ends as `orphaned` says.
 * - SQLite (one machine): JSON files under DATA_DIR/jobs (job-records-files.ts, decision 0035): an
 *   import's commit holds SQLite's one write transaction for minutes, so progress written to the
 *   database would wait behind it. A running record whose process is gone ends as `orphaned` says.
 *
 * - An ended record is kept `ttlMs`, then swept (`forget` hears it first, to remove what it kept).
 * - A cancel never gets undone by the job's own progress writes; a cancelled record is gone for
 *   readers at once, and its job stops when it next checks.
 * - `claim` takes a record once, whichever server claims.
 * - Ids are UUIDs, checked first; anything else is simply unknown.
 */

export interface JobRecord<T> {
  id: string;
  userId: number;
  /** True while its job runs in a live server. */
  running: boolean;
  data: T;
}

export interface JobRecordsOptions<T> {
  /** Which records: lower case letters, digits and '-' (the folder under DATA_DIR/jobs on SQLite). */
  kind: string;
  /** How long an ended record is kept (from its end) before the sweep removes it. */
  ttlMs: number;
  /** What a running record becomes when its server is gone (it then ends, kept ttlMs). */
  orphaned: (data: T) => T;
  /**
   * Its job can run again from the start: on PostgreSQL a running record whose server is gone
   * stays running until a live server adopts it (JobHost.resume) instead of ending as orphaned.
   */
  resumable?: boolean;
  /** Hears an ended record the sweep removes (to delete files it kept); errors are ignored. */
  forget?: (data: T) => Promise<void>;
}

/** A running record, as its own job holds it. */
export interface RunningJob<T> {
  readonly id: string;
  /** Aborted when this server closes: the job stops at its next step and calls `release`. */
  readonly signal: AbortSignal;
  /** The job's state so far: written at most every PROGRESS_INTERVAL_MS, the latest one last. */
  progress(data: T): void;
  /** Whether a cancel was asked for it, by any server. */
  cancelled(): Promise<boolean>;
  /** The final state: written at once and kept ttlMs. */
  end(data: T): Promise<void>;
  /**
   * Notes the final state inside `tx`, the job's own transaction, so that a run after a crash knows
   * the work committed (records in the database only; elsewhere a no-op). Readers see it once
   * `end` writes it.
   */
  commitIn(tx: Tx, data: T): Promise<void>;
  /** The final state a run before this one committed, as `tx` sees it; undefined if none (files: always). */
  committedIn(tx: Tx): Promise<T | undefined>;
  /** Removes the record and its cancel mark (a cancelled job that cleaned up after itself). */
  remove(): Promise<void>;
  /**
   * Gives the record up (a job stopped by its server's close): a resumable one is taken over by
   * another server at once; any other ends as `orphaned` says.
   */
  release(): Promise<void>;
}

export interface JobRecords<T> {
  /** A new record of a job this server runs. */
  start(id: string, userId: number, data: T): Promise<RunningJob<T>>;
  /** A record that waits (no job runs it), kept ttlMs. */
  keep(id: string, userId: number, data: T): Promise<void>;
  /** The record, or undefined: unknown, malformed id, expired or cancelled. */
  read(id: string): Promise<JobRecord<T> | undefined>;
  /** Takes the record of `userId` out (a second claim, from any server, finds nothing). */
  claim(id: string, userId: number): Promise<JobRecord<T> | undefined>;
  /** Asks the record's job to stop; readers no longer see the record. */
  cancel(id: string): Promise<void>;
  /** Removes the record and its cancel mark. */
  remove(id: string): Promise<void>;
  /** Removes the expired records (after `forget`), and left-overs older than ttlMs. */
  sweep(now?: number): Promise<void>;
  /**
   * A running record of a resumable kind whose server is gone, now this server's (one server wins
   * it); undefined when there is none, and always on SQLite.
   */
  adopt(): Promise<{ record: JobRecord<T>; job: RunningJob<T> } | undefined>;
}

/** Progress writes of one job: at most four a second. */
export const PROGRESS_INTERVAL_MS = 250;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KIND = /^[a-z][a-z0-9-]*$/;

/** Whether `id` may name a record: a UUID in lower case, as randomUUID makes them. */
export const isJobId = (id: string): boolean => ID.test(id);

/** Where the records live: the database on PostgreSQL, DATA_DIR otherwise (no database given). */
export type JobPlace = Pick<AppContext, 'config'> & Partial<Pick<AppContext, 'db' | 'dialect' | 'jobs'>>;

/** A signal never aborted: records used outside an app (a bench, a test of the files). */
const NEVER = new AbortController().signal;

export function jobRecords<T>(place: JobPlace, options: JobRecordsOptions<T>): JobRecords<T> {
  if (!KIND.test(options.kind)) throw new Error(`tipo de registro inválido: ${options.kind}`);
  if (place.dialect === 'postgres' && place.db && place.jobs)
    return tableRecords(place.db, place.jobs, options);
  return fileRecords(place.config.dataDir, place.jobs?.signal ?? NEVER, options);
}
