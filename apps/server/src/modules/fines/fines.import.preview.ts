import { randomUUID } from 'node:crypto';
import {
  type Actor,
  FINE_IMPORT_MAX_LISTED,
  type FineImportReading,
  type FineImportRefusal,
  fineImportHeader,
  type finesCalls,
  MSG,
  parseFineImportRow,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import type { RunningJob } from '../../platform/job-records.ts';
import type { FormReader } from '../../platform/multipart-form.ts';
import { RowSpool } from '../../platform/row-spool.ts';
import type { ReceivedForm } from '../../platform/uploads.ts';
import { readXlsxRows, type SheetRow } from '../../platform/xlsx-read.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  BATCH,
  type GoodRow,
  type ImportCounts,
  importRecords,
  type Reading,
  sweep,
} from './fines.import.ts';
import * as q from './fines.queries.ts';
import { authorizeFines, fineChanges } from './fines.service.ts';

/**
 * The import's first half (fines.import.ts has its records and its commit): the upload is read by
 * a job that checks every row and keeps the good ones for the commit, and the web polls it for the
 * preview.
 */

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
    // decision 0084). Never written as if it were the text.
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
  read: FormReader<typeof finesCalls.importPreview.multipart>,
  log: FastifyBaseLogger,
): Promise<FineImportReading> {
  // Nobody outside the fines audience stores a byte.
  authorizeFines(user);
  const { form } = await read();
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
  ctx.jobs.track(runPreview(ctx, user.userId, job, file, sheet, reading, log));
  return readingView(importId, reading);
}

/**
 * The reading job: keeps the file's checked rows for the commit (the file itself is removed) and
 * ends with what a commit would do, or why the file could not be read. A cancel (from any process)
 * is seen every BATCH rows: the job then removes what it kept and its record. So is its server's
 * close: the reading then ends as interrupted (the upload is read again only if sent again).
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
  const counts: ImportCounts = { added: 0, updated: 0, unchanged: 0 };
  const spool = new RowSpool<GoodRow>(ctx.storage);
  const rowsKey = `${file.key}.rows`;
  const stopIfCancelled = async () => {
    job.signal.throwIfAborted();
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
        const stored = await q.finesByNumero(
          ctx.db,
          rows.map((r) => r.values.NUMERO_AUTO),
          { lock: false },
        );
        const byNumero = new Map(stored.map((f) => [f.NUMERO_AUTO, f]));
        for (const row of rows) {
          const old = byNumero.get(row.values.NUMERO_AUTO);
          if (!old) counts.added++;
          else if (fineChanges(old, row.values).changed) counts.updated++;
          else counts.unchanged++;
        }
        await spool.write(rows);
      },
    );
    await spool.keep(rowsKey);
    // A cancel that came while the rows were being kept.
    await stopIfCancelled();
    // Claimable before the poll says ready: a commit that follows the poll finds it.
    await pending.keep(importId, userId, {
      rowsKey,
      total: counts.added + counts.updated + counts.unchanged,
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
        ...counts,
        refused: result.refused,
        refusedCount: result.refusedCount,
        ignoredColumns: sheet.header.ignored,
      },
    };
  } catch (err) {
    await sheet.rows.return(undefined).catch(() => undefined);
    await spool.discard();
    await ctx.storage.delete(rowsKey).catch(() => undefined);
    if (job.signal.aborted) {
      await ctx.storage.delete(file.key).catch(() => undefined);
      await job.release().catch((e) => log.error({ err: e, importId }, 'falha ao encerrar a leitura'));
      return;
    }
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
