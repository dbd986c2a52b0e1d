import {
  type Actor,
  FINE_IMPORT_NUMBER_TAKEN,
  type FineImportJob,
  type FineImportPreview,
  type FineImportReading,
  type FineValues,
  MSG,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, nowIso, type Tx } from '../../db/database.ts';
import { lockName } from '../../db/dialect.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { auditedChange, auditMany } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.ts';
import { jobRecords, type RunningJob } from '../../platform/job-records.ts';
import { announcePendencias } from '../../platform/live-events.ts';
import { readSpool } from '../../platform/row-spool.ts';
import * as q from './fines.queries.ts';
import { authorizeFines, fineChanges, newFineRecord } from './fines.service.ts';

const IMPORT_TTL_MS = 30 * 60_000;

/**
 * A previewed import waiting for its commit or cancel: the preview's checked rows stay in storage
 * under `rowsKey` (one JSON line each, platform/row-spool.ts) so the commit writes them without
 * reading the spreadsheet again; only the uploader may act on it, for IMPORT_TTL_MS (then the
 * sweep removes it and its rows).
 */
interface PendingImport {
  rowsKey: string;
  /** Checked rows kept: what the commit writes. */
  total: number;
  refusedCount: number;
  fileName: string;
}

/**
 * An upload being read: the reading's progress and, once ready, its preview, as
 * GET /api/fines/import/:id/preview answers them (the uploader only). A ready one also waits as a
 * PendingImport for its commit; an ended one is kept IMPORT_TTL_MS for the dialog that polls it.
 */
export interface Reading {
  /** Data rows read so far. */
  rows: number;
  state: FineImportReading['state'];
  message: string;
  preview: FineImportPreview | null;
  /** The uploaded file (removed when the reading ends, or by the sweep if its process died). */
  fileKey: string;
}

/** A committed import: its state as GET /api/fines/import/:id answers it (its uploader only). */
interface ImportJob {
  view: FineImportJob;
  /** The kept rows it writes (removed when it ends, or by the sweep once it ended). */
  rowsKey: string;
  /** The file's name, for the audit row (a record of an earlier version has none). */
  fileName?: string;
}

/**
 * The import's records, shared by every server (platform/job-records.ts): the preview, its poll,
 * the commit, the job's poll and a cancel may each reach another server. A reading whose server
 * died (a restart) ends as failed, with a message that says so; so does a commit on SQLite, while
 * on PostgreSQL another server runs it again from the start (resumeImports; decision 0127).
 */
export function importRecords(ctx: AppContext) {
  const forgetKey = (key: string) => ctx.storage.delete(key).catch(() => undefined);
  return {
    readings: jobRecords<Reading>(ctx, {
      kind: 'fine-import-readings',
      ttlMs: IMPORT_TTL_MS,
      orphaned: (r) => ({ ...r, state: 'failed', message: MSG.fineImportReadInterrupted }),
      forget: (r) => forgetKey(r.fileKey),
    }),
    pending: jobRecords<PendingImport>(ctx, {
      kind: 'fine-import-previews',
      ttlMs: IMPORT_TTL_MS,
      // Never running: kept by the reading when it ends.
      orphaned: (p) => p,
      forget: (p) => forgetKey(p.rowsKey),
    }),
    jobs: jobRecords<ImportJob>(ctx, {
      kind: 'fine-import-commits',
      ttlMs: IMPORT_TTL_MS,
      resumable: true,
      // SQLite: its transaction died with the process, nothing of it was written (the counts are
      // set whole, so a record left by an earlier version, without `unchanged`, answers too).
      orphaned: (j) => ({
        ...j,
        view: {
          ...j.view,
          state: 'failed',
          written: 0,
          added: 0,
          updated: 0,
          unchanged: 0,
          message: MSG.fineImportFailed(MSG.fineImportWriteInterrupted),
        },
      }),
      forget: (j) => forgetKey(j.rowsKey),
    }),
  };
}

/** Rows per write: under SQLite's 32,766 and PostgreSQL's 65,535 parameters (about 50 columns a row). */
export const BATCH = 500;

export async function sweep(ctx: AppContext, now: number): Promise<void> {
  const { readings, pending, jobs } = importRecords(ctx);
  await readings.sweep(now);
  await pending.sweep(now);
  await jobs.sweep(now);
}

/** The caller's previewed import, taken out (a second commit, from any process, finds nothing). */
async function take(ctx: AppContext, user: Actor, id: string): Promise<PendingImport> {
  const p = await importRecords(ctx).pending.claim(id, user.userId);
  if (!p) throw notFound(MSG.fineImportNotFound);
  return p.data;
}

/** A checked row of the file, as the preview keeps it for the commit. */
export interface GoodRow {
  line: number;
  values: FineValues & { NUMERO_AUTO: string };
}

/** Rows of an import: new fines, known ones rewritten, known ones the file repeats as stored. */
export interface ImportCounts {
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * One batch of the commit: new fines in one insert, known ones that change rewritten in one
 * statement (q.rewriteFines), with their audit rows.
 */
async function writeBatch(tx: Tx, userId: number, rows: GoodRow[], now: string): Promise<ImportCounts> {
  const stored = new Map(
    (
      await q.finesByNumero(
        tx,
        rows.map((r) => r.values.NUMERO_AUTO),
      )
    ).map((f) => [f.NUMERO_AUTO, f]),
  );
  const inserts = [];
  const rewrites: q.RewrittenFine[] = [];
  const audits = [];
  let unchanged = 0;
  for (const row of rows) {
    const old = stored.get(row.values.NUMERO_AUTO);
    if (!old) {
      inserts.push(newFineRecord(row.values, now));
      continue;
    }
    const change = fineChanges(old, row.values);
    if (!change.changed) {
      unchanged++;
      continue;
    }
    rewrites.push({ ...old, ...change.set, updated_at: now });
    audits.push({ userId, action: 'fine.update', entity: 'fine', entityId: old.id, summary: change.summary });
  }
  await q.insertFines(tx, inserts);
  await q.rewriteFines(tx, rewrites);
  await auditMany(tx, audits);
  return { added: inserts.length, updated: rewrites.length, unchanged };
}

/**
 * POST /api/fines/import/:id/commit: starts the job that writes the preview's checked rows and
 * answers its state at once (a commit of 100,000 rows outlasts the server's idle timeout for one
 * request; the web polls importStatus). A file with refused rows is refused whole and nothing is
 * written. The kept rows are removed when the job ends, either way.
 */
export async function commitImport(
  ctx: AppContext,
  user: Actor,
  id: string,
  log: FastifyBaseLogger,
): Promise<FineImportJob> {
  authorizeFines(user);
  const p = await take(ctx, user, id);
  const { readings, jobs } = importRecords(ctx);
  await readings.remove(id);
  if (p.refusedCount > 0) {
    await ctx.storage.delete(p.rowsKey).catch(() => undefined);
    throw badRequest(MSG.fineImportRefused);
  }
  const view: FineImportJob = {
    importId: id,
    state: 'running',
    written: 0,
    total: p.total,
    added: 0,
    updated: 0,
    unchanged: 0,
    message: MSG.fineImportRunning(0, p.total),
  };
  const data: ImportJob = { view, rowsKey: p.rowsKey, fileName: p.fileName };
  let job: RunningJob<ImportJob>;
  try {
    job = await jobs.start(id, user.userId, data);
  } catch (err) {
    await ctx.storage.delete(p.rowsKey).catch(() => undefined);
    throw err;
  }
  ctx.jobs.track(runImport(ctx, user.userId, job, data, log));
  return view;
}

/**
 * PostgreSQL: this server takes over the imports whose server stopped or died mid-commit. Their
 * transaction died with them, so nothing of it stays, and their kept rows are still in storage:
 * each runs again from the start (one that had committed ended its record in that transaction).
 */
export function resumeImports(ctx: AppContext, log: FastifyBaseLogger): void {
  if (ctx.dialect !== 'postgres') return;
  ctx.jobs.resume(
    importRecords(ctx).jobs,
    (job, record) => runImport(ctx, record.userId, job, record.data, log),
    log,
  );
}

/**
 * Writes an import's checked rows, `batches` as they come, in ONE transaction with the audit row:
 * a failing batch rolls every batch back, so the database is as it was. `progress` hears the rows
 * written so far. The dashboard summaries are brought up to date once at the end, inside the same
 * transaction, instead of by every batch's triggers (fines.queries.ts#deferSummaries).
 *
 * Issue 31: imports commit one at a time (a named lock), so what a batch reads (which numbers are
 * stored, their values, locked by finesByNumero) no other import changes before it writes; a new
 * number that a single insert or an edit took meanwhile stops the import with a 409 saying so.
 */
export async function writeImport(
  db: Db,
  userId: number,
  fileName: string,
  batches: AsyncIterable<GoodRow[]>,
  progress: (written: number) => void = () => undefined,
  job?: WriteHooks,
): Promise<ImportCounts> {
  const now = nowIso();
  const written = auditedChange(db, userId, async (tx, audit) => {
    await lockName(tx, 'fines.import');
    await job?.first(tx);
    const counts: ImportCounts = { added: 0, updated: 0, unchanged: 0 };
    await q.withDeferredSummaries(tx, async () => {
      for await (const rows of batches) {
        const done = await writeBatch(tx, userId, rows, now);
        counts.added += done.added;
        counts.updated += done.updated;
        counts.unchanged += done.unchanged;
        progress(counts.added + counts.updated + counts.unchanged);
      }
    });
    audit({
      action: 'fine.import',
      entity: 'fine',
      summary: `Importação de ${fileName}: ${counts.added} multa(s) adicionada(s), ${counts.updated} atualizada(s), ${counts.unchanged} sem alteração.`,
    });
    await job?.last(tx, counts);
    return counts;
  });
  return written.catch((err) => {
    throw isUniqueViolation(err) ? conflict(FINE_IMPORT_NUMBER_TAKEN) : err;
  });
}

/** What writeImport does for its job inside the transaction: first after the lock, last before the commit. */
interface WriteHooks {
  first(tx: Tx): Promise<void>;
  last(tx: Tx, counts: ImportCounts): Promise<void>;
}

/** A run that finds its import already written by an earlier run (whose server died after its commit). */
class AlreadyWritten extends Error {
  constructor(readonly end: ImportJob) {
    super('importação já gravada');
  }
}

/** Batches of `rows` until `signal` aborts (the server closes): the transaction then rolls back. */
async function* untilAborted(rows: AsyncIterable<GoodRow[]>, signal: AbortSignal): AsyncGenerator<GoodRow[]> {
  for await (const batch of rows) {
    signal.throwIfAborted();
    yield batch;
  }
}

/**
 * The job: the preview's kept rows written by writeImport (the spreadsheet is not read again). On
 * PostgreSQL its end is noted inside the import's transaction, so a run on another server after a
 * crash finds it written and only finishes what the first run left (its rows, its record). Stopped by its server's close, it rolls back and
 * hands its record over (another server, or this one restarted, runs it again).
 */
async function runImport(
  ctx: AppContext,
  userId: number,
  job: RunningJob<ImportJob>,
  data: ImportJob,
  log: FastifyBaseLogger,
) {
  const start: FineImportJob = {
    ...data.view,
    state: 'running',
    written: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
  };
  const { rowsKey } = data;
  const total = start.total;
  const ended = (view: FineImportJob): ImportJob => ({ ...data, view });
  const doneView = (counts: ImportCounts): FineImportJob => ({
    ...start,
    state: 'done',
    written: counts.added + counts.updated + counts.unchanged,
    ...counts,
    message: MSG.fineImportDone(counts.added, counts.updated, counts.unchanged),
  });
  let end: FineImportJob;
  try {
    const rows = untilAborted(readSpool<GoodRow>(ctx.storage, rowsKey, BATCH), job.signal);
    const counts = await writeImport(
      ctx.db,
      userId,
      data.fileName ?? 'planilha',
      rows,
      (written) => job.progress(ended({ ...start, written, message: MSG.fineImportRunning(written, total) })),
      {
        first: async (tx) => {
          const earlier = await job.committedIn(tx);
          if (earlier) throw new AlreadyWritten(earlier);
        },
        last: (tx, counts) => job.commitIn(tx, ended(doneView(counts))),
      },
    );
    end = doneView(counts);
    announcePendencias(ctx, { kind: 'fine' });
  } catch (err) {
    if (err instanceof AlreadyWritten) {
      await ctx.storage.delete(rowsKey).catch(() => undefined);
      await job
        .end(err.end)
        .catch((e) => log.error({ err: e, importId: job.id }, 'falha ao registrar a importação de multas'));
      return;
    }
    if (job.signal.aborted) {
      await job
        .release()
        .catch((e) => log.error({ err: e, importId: job.id }, 'falha ao devolver a importação'));
      return;
    }
    // Rolled back: nothing of it stays. A user's mistake says why; anything else is logged.
    if (!(err instanceof HttpError)) log.error({ err, importId: job.id }, 'falha na importação de multas');
    const reason = err instanceof HttpError ? err.message : MSG.fineImportFailedUnknown;
    end = { ...start, state: 'failed', written: 0, message: MSG.fineImportFailed(reason) };
  }
  // The kept rows go before the job says it ended.
  await ctx.storage.delete(rowsKey).catch(() => undefined);
  await job
    .end(ended(end))
    .catch((err) => log.error({ err, importId: job.id }, 'falha ao registrar a importação de multas'));
}

/** GET /api/fines/import/:id: a committed import's progress or result, for its uploader. */
export async function importStatus(ctx: AppContext, user: Actor, id: string): Promise<FineImportJob> {
  authorizeFines(user);
  const job = await importRecords(ctx).jobs.read(id);
  if (!job || job.userId !== user.userId) throw notFound(MSG.fineImportNotFound);
  return job.data.view;
}

/**
 * DELETE /api/fines/import/:id: stops its reading (whichever process runs it: the job sees the
 * cancel at its next batch) or forgets the previewed import, and its file.
 */
export async function cancelImport(ctx: AppContext, user: Actor, id: string): Promise<void> {
  authorizeFines(user);
  const { readings, pending } = importRecords(ctx);
  const reading = await readings.read(id);
  if (reading?.data.state === 'reading' && reading.userId === user.userId) {
    // The job removes what it kept when it sees the marker; should it have ended meanwhile,
    // its previewed import is taken here (or by the job, whichever comes first).
    await readings.cancel(id);
    const kept = await pending.claim(id, user.userId);
    if (kept) await ctx.storage.delete(kept.data.rowsKey).catch(() => undefined);
    return;
  }
  const p = await take(ctx, user, id);
  await readings.remove(id);
  await ctx.storage.delete(p.rowsKey).catch(() => undefined);
}
