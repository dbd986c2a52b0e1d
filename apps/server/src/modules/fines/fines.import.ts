import { randomUUID } from 'node:crypto';
import {
  type Actor,
  FINE_IMPORT_MAX_LISTED,
  type FineImportJob,
  type FineImportPreview,
  type FineImportReading,
  type FineImportRefusal,
  type FineValues,
  fineImportHeader,
  MSG,
  parseFineImportRow,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, nowIso, type Tx } from '../../db/database.ts';
import { auditedChange, auditMany } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { jobRecords, type RunningJob } from '../../platform/job-records.ts';
import { RowSpool, readSpool } from '../../platform/row-spool.ts';
import type { ReceivedForm } from '../../platform/uploads.ts';
import { readXlsxRows, type SheetRow } from '../../platform/xlsx-read.ts';
import type { Storage } from '../../storage/storage.ts';
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
interface Reading {
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
  /** The kept rows it writes (removed when it ends, or by the sweep if its process died). */
  rowsKey: string;
}

/**
 * The import's records, shared by every server process of the DATA_DIR (platform/job-records.ts):
 * the preview, its poll, the commit, the job's poll and a cancel may each reach another process.
 * A reading or a commit whose process died (a restart) ends as failed, with a message that says so.
 */
function importRecords(ctx: AppContext) {
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
      // Its transaction died with the process: nothing of it was written.
      orphaned: (j) => ({
        ...j,
        view: {
          ...j.view,
          state: 'failed',
          written: 0,
          message: MSG.fineImportFailed(MSG.fineImportWriteInterrupted),
        },
      }),
      forget: (j) => forgetKey(j.rowsKey),
    }),
  };
}

/** Rows per write: under SQLite's 32,766 and PostgreSQL's 65,535 parameters (about 50 columns a row). */
export const BATCH = 500;

async function sweep(ctx: AppContext, now: number): Promise<void> {
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

const readingView = (importId: string, r: Reading): FineImportReading => ({
  importId,
  state: r.state,
  rows: r.rows,
  message: r.state === 'reading' ? MSG.fineImportReading(r.rows) : r.message,
  preview: r.preview,
});

/** A cancelled reading: not a failure anybody is told about. */
class ReadingCancelled extends Error {}

/** The sheet opened: its header checked and its first data row read (the upload answers after). */
interface OpenSheet {
  rows: AsyncGenerator<SheetRow>;
  header: ReturnType<typeof fineImportHeader>;
  first: SheetRow;
}

/** Reads the header (it must name every required field) and the first data row, or answers 400. */
async function openSheet(storage: Storage, key: string): Promise<OpenSheet> {
  const rows = readXlsxRows(await storage.read(key));
  const head = await rows.next();
  if (head.done) throw badRequest(MSG.fineImportEmpty);
  const header = fineImportHeader(head.value.cells);
  if (header.missing.length > 0) {
    await rows.return(undefined);
    throw badRequest(MSG.fineImportColumns(header.missing.join(', ')));
  }
  const first = await rows.next();
  if (first.done) throw badRequest(MSG.fineImportEmpty);
  return { rows, header, first: first.value };
}

interface Scan {
  /** Data rows read. */
  rows: number;
  refused: FineImportRefusal[];
  refusedCount: number;
}

/**
 * Reads the rest of the sheet, streaming: each row checked (fineInput, required fields, NUMERO_AUTO
 * repeated in the file), the good ones handed to `batch` BATCH at a time. Every BATCH rows read,
 * `checkpoint` hears the count (it writes the progress and throws ReadingCancelled on a cancel).
 */
async function scan(
  sheet: OpenSheet,
  checkpoint: (rows: number) => Promise<void>,
  batch: (rows: GoodRow[]) => Promise<void>,
): Promise<Scan> {
  const result: Scan = { rows: 0, refused: [], refusedCount: 0 };
  const refuse = (line: number, reason: string) => {
    result.refusedCount++;
    if (result.refused.length < FINE_IMPORT_MAX_LISTED) result.refused.push({ line, reason });
  };
  const lineOf = new Map<string, number>();
  let good: GoodRow[] = [];
  const check = ({ line, cells }: SheetRow) => {
    result.rows++;
    // U+FFFD: a character the reader could not decode (bytes that are not UTF-8 in the file;
    // docs/decisions.md, Fines). Never written as if it were the text.
    if (cells.some((c) => typeof c === 'string' && c.includes('\uFFFD'))) {
      refuse(line, MSG.fineImportGarbled);
      return;
    }
    const row = parseFineImportRow(sheet.header.columns, cells);
    if (!row.ok) {
      refuse(line, row.reason);
      return;
    }
    const numero = String(row.values.NUMERO_AUTO);
    const earlier = lineOf.get(numero);
    if (earlier !== undefined) {
      refuse(line, MSG.fineImportRepeated(earlier));
      return;
    }
    lineOf.set(numero, line);
    good.push({ line, values: { ...row.values, NUMERO_AUTO: numero } });
  };
  check(sheet.first);
  for await (const row of sheet.rows) {
    check(row);
    if (result.rows % BATCH === 0) await checkpoint(result.rows);
    if (good.length === BATCH) {
      await batch(good);
      good = [];
    }
  }
  await checkpoint(result.rows);
  if (good.length > 0) await batch(good);
  return result;
}

/**
 * POST /api/fines/import: stores the file, checks its header and first row (a file that is not a
 * readable sheet of fines answers 400 here), then starts the job that reads the rest and answers
 * its state at once; the web polls readingStatus for the preview.
 */
export async function startPreview(
  ctx: AppContext,
  user: Actor,
  form: ReceivedForm,
  log: FastifyBaseLogger,
): Promise<FineImportReading> {
  authorizeFines(user);
  const file = form.files[0];
  if (!file) {
    await form.discard();
    throw badRequest(MSG.fineImportType);
  }
  await sweep(ctx, Date.now());
  await form.commit();
  let sheet: OpenSheet;
  try {
    sheet = await openSheet(ctx.storage, file.key);
  } catch (err) {
    await ctx.storage.delete(file.key).catch(() => undefined);
    throw err;
  }
  const importId = randomUUID();
  // The header and the first data row are read.
  const reading: Reading = { rows: 1, state: 'reading', message: '', preview: null, fileKey: file.key };
  let job: RunningJob<Reading>;
  try {
    job = await importRecords(ctx).readings.start(importId, user.userId, reading);
  } catch (err) {
    await sheet.rows.return(undefined).catch(() => undefined);
    await ctx.storage.delete(file.key).catch(() => undefined);
    throw err;
  }
  void runPreview(ctx, user.userId, job, file, sheet, reading, log);
  return readingView(importId, reading);
}

/**
 * The reading job: keeps the file's checked rows for the commit (the file itself is removed) and
 * ends with what a commit would do, or why the file could not be read. A cancel (from any process)
 * is seen every BATCH rows: the job then removes what it kept and its record.
 */
async function runPreview(
  ctx: AppContext,
  userId: number,
  job: RunningJob<Reading>,
  file: ReceivedForm['files'][number],
  sheet: OpenSheet,
  reading: Reading,
  log: FastifyBaseLogger,
): Promise<void> {
  const importId = job.id;
  const { pending } = importRecords(ctx);
  let added = 0;
  let updated = 0;
  const spool = new RowSpool<GoodRow>(ctx.storage);
  const rowsKey = `${file.key}.rows`;
  const stopIfCancelled = async () => {
    if (await job.cancelled()) throw new ReadingCancelled();
  };
  let end: Reading | undefined;
  try {
    const result = await scan(
      sheet,
      async (rows) => {
        await stopIfCancelled();
        job.progress({ ...reading, rows });
      },
      async (rows) => {
        const known = await q.knownNumeros(
          ctx.db,
          rows.map((r) => r.values.NUMERO_AUTO),
        );
        updated += known.size;
        added += rows.length - known.size;
        await spool.write(rows);
      },
    );
    await spool.keep(rowsKey);
    // A cancel that came while the rows were being kept.
    await stopIfCancelled();
    // Claimable before the poll says ready: a commit that follows the poll finds it.
    await pending.keep(importId, userId, {
      rowsKey,
      total: added + updated,
      refusedCount: result.refusedCount,
      fileName: file.originalName,
    });
    end = {
      ...reading,
      rows: result.rows,
      state: 'ready',
      preview: {
        importId,
        fileName: file.originalName,
        rows: result.rows,
        added,
        updated,
        refused: result.refused,
        refusedCount: result.refusedCount,
        ignoredColumns: sheet.header.ignored,
      },
    };
  } catch (err) {
    await sheet.rows.return(undefined).catch(() => undefined);
    await spool.discard();
    await ctx.storage.delete(rowsKey).catch(() => undefined);
    if (!(err instanceof HttpError || err instanceof ReadingCancelled))
      log.error({ err, importId }, 'falha na leitura da planilha de multas');
    if (!(err instanceof ReadingCancelled))
      end = {
        ...reading,
        state: 'failed',
        message: err instanceof HttpError ? err.message : MSG.fineImportReadFailed,
      };
  }
  await ctx.storage.delete(file.key).catch(() => undefined);
  try {
    if (end) await job.end(end);
    // A cancel that came as it ended (on another process, after the check above): whichever of
    // the two takes the previewed import removes its rows.
    if (!end || (await job.cancelled())) {
      const kept = await pending.claim(importId, userId);
      if (kept) await ctx.storage.delete(kept.data.rowsKey).catch(() => undefined);
      await job.remove();
    }
  } catch (err) {
    log.error({ err, importId }, 'falha ao registrar a leitura da planilha de multas');
  }
}

/**
 * GET /api/fines/import/:id/preview: an upload's reading, for its uploader. One the server does
 * not know (expired, cancelled, or another user's) answers 404 with a message that says so.
 */
export async function readingStatus(ctx: AppContext, user: Actor, id: string): Promise<FineImportReading> {
  authorizeFines(user);
  const reading = await importRecords(ctx).readings.read(id);
  if (!reading || reading.userId !== user.userId) throw notFound(MSG.fineImportNotFound);
  return readingView(id, reading.data);
}

/**
 * One batch of the commit: new fines in one insert, known ones that change rewritten in one
 * statement (q.rewriteFines), with their audit rows.
 */
async function writeBatch(tx: Tx, userId: number, rows: GoodRow[], now: string) {
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
  let updated = 0;
  for (const row of rows) {
    const old = stored.get(row.values.NUMERO_AUTO);
    if (!old) {
      inserts.push(newFineRecord(row.values, now));
      continue;
    }
    updated++;
    const change = fineChanges(old, row.values);
    if (!change.changed) continue;
    rewrites.push({ ...old, ...change.set, updated_at: now });
    audits.push({ userId, action: 'fine.update', entity: 'fine', entityId: old.id, summary: change.summary });
  }
  await q.insertFines(tx, inserts);
  await q.rewriteFines(tx, rewrites);
  await auditMany(tx, audits);
  return { added: inserts.length, updated };
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
    message: MSG.fineImportRunning(0, p.total),
  };
  let job: RunningJob<ImportJob>;
  try {
    job = await jobs.start(id, user.userId, { view, rowsKey: p.rowsKey });
  } catch (err) {
    await ctx.storage.delete(p.rowsKey).catch(() => undefined);
    throw err;
  }
  void runImport(ctx, user.userId, p, job, view, log);
  return view;
}

/**
 * Writes an import's checked rows, `batches` as they come, in ONE transaction with the audit row:
 * a failing batch rolls every batch back, so the database is as it was. `progress` hears the rows
 * written so far. The dashboard summaries are brought up to date once at the end, inside the same
 * transaction, instead of by every batch's triggers (fines.queries.ts#deferSummaries).
 */
export async function writeImport(
  db: Db,
  userId: number,
  fileName: string,
  batches: AsyncIterable<GoodRow[]>,
  progress: (written: number) => void = () => undefined,
): Promise<{ added: number; updated: number }> {
  const now = nowIso();
  return auditedChange(db, userId, async (tx, audit) => {
    let added = 0;
    let updated = 0;
    await q.withDeferredSummaries(tx, async () => {
      for await (const rows of batches) {
        const done = await writeBatch(tx, userId, rows, now);
        added += done.added;
        updated += done.updated;
        progress(added + updated);
      }
    });
    audit({
      action: 'fine.import',
      entity: 'fine',
      summary: `Importação de ${fileName}: ${added} multa(s) adicionada(s), ${updated} atualizada(s).`,
    });
    return { added, updated };
  });
}

/** The job: the preview's kept rows written by writeImport (the spreadsheet is not read again). */
async function runImport(
  ctx: AppContext,
  userId: number,
  p: PendingImport,
  job: RunningJob<ImportJob>,
  start: FineImportJob,
  log: FastifyBaseLogger,
) {
  let end: FineImportJob;
  try {
    const rows = readSpool<GoodRow>(ctx.storage, p.rowsKey, BATCH);
    const { added, updated } = await writeImport(ctx.db, userId, p.fileName, rows, (written) => {
      const view = { ...start, written, message: MSG.fineImportRunning(written, p.total) };
      job.progress({ view, rowsKey: p.rowsKey });
    });
    end = {
      ...start,
      state: 'done',
      written: added + updated,
      added,
      updated,
      message: MSG.fineImportDone(added, updated),
    };
  } catch (err) {
    // Rolled back: nothing of it stays. A user's mistake says why; anything else is logged.
    if (!(err instanceof HttpError)) log.error({ err, importId: job.id }, 'falha na importação de multas');
    const reason = err instanceof HttpError ? err.message : MSG.fineImportFailedUnknown;
    end = { ...start, state: 'failed', written: 0, message: MSG.fineImportFailed(reason) };
  }
  // The kept rows go before the job says it ended.
  await ctx.storage.delete(p.rowsKey).catch(() => undefined);
  await job
    .end({ view: end, rowsKey: p.rowsKey })
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
