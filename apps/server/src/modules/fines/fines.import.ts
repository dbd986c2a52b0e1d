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
import { RowSpool, readSpool } from '../../platform/row-spool.ts';
import type { ReceivedForm } from '../../platform/uploads.ts';
import { readXlsxRows, type SheetRow } from '../../platform/xlsx-read.ts';
import type { Storage } from '../../storage/storage.ts';
import * as q from './fines.queries.ts';
import { authorizeFines, fineChanges, newFineRecord } from './fines.service.ts';

/**
 * Previewed imports waiting for their commit or cancel: the preview's checked rows stay in storage
 * under `rowsKey` (one JSON line each, platform/row-spool.ts) so the commit writes them without
 * reading the spreadsheet again; only the uploader may act on them, for IMPORT_TTL_MS. Kept in the
 * server's memory: a restart forgets them (the user uploads again) and the sweep removes the rows
 * of expired ones.
 */
interface PendingImport {
  userId: number;
  rowsKey: string;
  /** Checked rows kept: what the commit writes. */
  total: number;
  refusedCount: number;
  fileName: string;
  storage: Storage;
  expires: number;
}

const IMPORT_TTL_MS = 30 * 60_000;
const pending = new Map<string, PendingImport>();

/**
 * Committed imports, by import id: the job's state as GET /api/fines/import/:id answers it (its
 * uploader only). A finished one is kept IMPORT_TTL_MS for the page that polls it, then swept.
 */
interface ImportJob {
  userId: number;
  view: FineImportJob;
  /** Set when it finishes; a running job is never swept. */
  expires: number;
}
const jobs = new Map<string, ImportJob>();

/** Rows per write: under SQLite's 32,766 and PostgreSQL's 65,535 parameters (about 50 columns a row). */
export const BATCH = 500;

async function sweep(now: number): Promise<void> {
  for (const [id, r] of readings) if (r.expires <= now) readings.delete(id);
  for (const [id, job] of jobs) if (job.view.state !== 'running' && job.expires <= now) jobs.delete(id);
  for (const [id, p] of pending) {
    if (p.expires > now) continue;
    pending.delete(id);
    await p.storage.delete(p.rowsKey).catch(() => undefined);
  }
}

/** The caller's previewed import, taken out of the waiting list (a second commit finds nothing). */
function take(user: Actor, id: string): PendingImport {
  const p = pending.get(id);
  if (!p || p.userId !== user.userId || p.expires <= Date.now()) throw notFound(MSG.fineImportNotFound);
  pending.delete(id);
  return p;
}

/** A checked row of the file, as the preview keeps it for the commit. */
export interface GoodRow {
  line: number;
  values: FineValues & { NUMERO_AUTO: string };
}

/**
 * Uploads being read, by import id: the reading's progress and, once ready, its preview, as
 * GET /api/fines/import/:id/preview answers them (the uploader only). A ready one also waits in
 * `pending` for its commit; an ended one is kept IMPORT_TTL_MS for the dialog that polls it.
 */
interface Reading {
  userId: number;
  /** Data rows read so far. */
  rows: number;
  state: FineImportReading['state'];
  message: string;
  preview: FineImportPreview | null;
  /** Set by a cancel: the job stops at its next batch and removes what it kept. */
  cancelled: boolean;
  /** Set when it ends; a running reading is never swept. */
  expires: number;
}
const readings = new Map<string, Reading>();

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
  refused: FineImportRefusal[];
  refusedCount: number;
}

/**
 * Reads the rest of the sheet, streaming: each row checked (fineInput, required fields, NUMERO_AUTO
 * repeated in the file), the good ones handed to `batch` BATCH at a time; `reading.rows` counts them.
 */
async function scan(
  sheet: OpenSheet,
  reading: Reading,
  batch: (rows: GoodRow[]) => Promise<void>,
): Promise<Scan> {
  const result: Scan = { refused: [], refusedCount: 0 };
  const refuse = (line: number, reason: string) => {
    result.refusedCount++;
    if (result.refused.length < FINE_IMPORT_MAX_LISTED) result.refused.push({ line, reason });
  };
  const lineOf = new Map<string, number>();
  let good: GoodRow[] = [];
  const check = ({ line, cells }: SheetRow) => {
    reading.rows++;
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
    if (reading.cancelled) throw new ReadingCancelled();
    if (good.length === BATCH) {
      await batch(good);
      good = [];
    }
  }
  if (reading.cancelled) throw new ReadingCancelled();
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
  await sweep(Date.now());
  await form.commit();
  let sheet: OpenSheet;
  try {
    sheet = await openSheet(ctx.storage, file.key);
  } catch (err) {
    await ctx.storage.delete(file.key).catch(() => undefined);
    throw err;
  }
  const importId = randomUUID();
  const reading: Reading = {
    userId: user.userId,
    rows: 0,
    state: 'reading',
    message: '',
    preview: null,
    cancelled: false,
    expires: Number.POSITIVE_INFINITY,
  };
  readings.set(importId, reading);
  void runPreview(ctx, user.userId, importId, file, sheet, reading, log);
  return readingView(importId, reading);
}

/**
 * The reading job: keeps the file's checked rows for the commit (the file itself is removed) and
 * ends with what a commit would do, or why the file could not be read.
 */
async function runPreview(
  ctx: AppContext,
  userId: number,
  importId: string,
  file: ReceivedForm['files'][number],
  sheet: OpenSheet,
  reading: Reading,
  log: FastifyBaseLogger,
): Promise<void> {
  let added = 0;
  let updated = 0;
  const spool = new RowSpool<GoodRow>(ctx.storage);
  const rowsKey = `${file.key}.rows`;
  try {
    const result = await scan(sheet, reading, async (rows) => {
      const known = await q.knownNumeros(
        ctx.db,
        rows.map((r) => r.values.NUMERO_AUTO),
      );
      updated += known.size;
      added += rows.length - known.size;
      await spool.write(rows);
    });
    await spool.keep(rowsKey);
    // A cancel that came while the rows were being kept.
    if (reading.cancelled) throw new ReadingCancelled();
    pending.set(importId, {
      userId,
      rowsKey,
      total: added + updated,
      refusedCount: result.refusedCount,
      fileName: file.originalName,
      storage: ctx.storage,
      expires: Date.now() + IMPORT_TTL_MS,
    });
    reading.preview = {
      importId,
      fileName: file.originalName,
      rows: reading.rows,
      added,
      updated,
      refused: result.refused,
      refusedCount: result.refusedCount,
      ignoredColumns: sheet.header.ignored,
    };
    reading.state = 'ready';
  } catch (err) {
    await sheet.rows.return(undefined).catch(() => undefined);
    await spool.discard();
    await ctx.storage.delete(rowsKey).catch(() => undefined);
    if (!(err instanceof HttpError || err instanceof ReadingCancelled))
      log.error({ err, importId }, 'falha na leitura da planilha de multas');
    reading.state = 'failed';
    reading.message = err instanceof HttpError ? err.message : MSG.fineImportReadFailed;
  } finally {
    await ctx.storage.delete(file.key).catch(() => undefined);
    reading.expires = Date.now() + IMPORT_TTL_MS;
  }
}

/**
 * GET /api/fines/import/:id/preview: an upload's reading, for its uploader. One the server does
 * not know (expired, or read before a restart: readings live in memory) answers 404 with a message
 * that says so.
 */
export function readingStatus(user: Actor, id: string): FineImportReading {
  authorizeFines(user);
  const reading = readings.get(id);
  if (!reading || reading.userId !== user.userId) throw notFound(MSG.fineImportNotFound);
  return readingView(id, reading);
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
  const p = take(user, id);
  readings.delete(id);
  if (p.refusedCount > 0) {
    await p.storage.delete(p.rowsKey).catch(() => undefined);
    throw badRequest(MSG.fineImportRefused);
  }
  const job: ImportJob = {
    userId: user.userId,
    expires: Number.POSITIVE_INFINITY,
    view: {
      importId: id,
      state: 'running',
      written: 0,
      total: p.total,
      added: 0,
      updated: 0,
      message: MSG.fineImportRunning(0, p.total),
    },
  };
  jobs.set(id, job);
  void runImport(ctx, user.userId, p, job, log);
  return { ...job.view };
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
  job: ImportJob,
  log: FastifyBaseLogger,
) {
  let end: FineImportJob;
  try {
    const rows = readSpool<GoodRow>(p.storage, p.rowsKey, BATCH);
    const { added, updated } = await writeImport(ctx.db, userId, p.fileName, rows, (written) => {
      job.view = { ...job.view, written, message: MSG.fineImportRunning(written, p.total) };
    });
    end = { ...job.view, state: 'done', added, updated, message: MSG.fineImportDone(added, updated) };
  } catch (err) {
    // Rolled back: nothing of it stays. A user's mistake says why; anything else is logged.
    if (!(err instanceof HttpError))
      log.error({ err, importId: job.view.importId }, 'falha na importação de multas');
    const reason = err instanceof HttpError ? err.message : MSG.fineImportFailedUnknown;
    end = { ...job.view, state: 'failed', written: 0, message: MSG.fineImportFailed(reason) };
  }
  // The kept rows go before the job says it ended.
  await p.storage.delete(p.rowsKey).catch(() => undefined);
  job.expires = Date.now() + IMPORT_TTL_MS;
  job.view = end;
}

/** GET /api/fines/import/:id: a committed import's progress or result, for its uploader. */
export function importStatus(user: Actor, id: string): FineImportJob {
  authorizeFines(user);
  const job = jobs.get(id);
  if (!job || job.userId !== user.userId) throw notFound(MSG.fineImportNotFound);
  return { ...job.view };
}

/** DELETE /api/fines/import/:id: stops its reading or forgets the previewed import, and its file. */
export async function cancelImport(user: Actor, id: string): Promise<void> {
  authorizeFines(user);
  const reading = readings.get(id);
  if (reading?.state === 'reading' && reading.userId === user.userId) {
    // The job removes what it kept when it sees the flag.
    reading.cancelled = true;
    readings.delete(id);
    return;
  }
  const p = take(user, id);
  readings.delete(id);
  await p.storage.delete(p.rowsKey).catch(() => undefined);
}
