import { randomUUID } from 'node:crypto';
import {
  cellsByField,
  IMPORT_MSG,
  type ImportAction,
  type ImportColumn,
  type ImportLine,
  type ImportPreview,
  type ImportResult,
  type MultipartSpec,
  PEOPLE_IMPORT_MAX_ROWS,
  readImportHeader,
  type SessionUser,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx, Tx } from '../db/database.ts';
import type { Storage } from '../storage/storage.ts';
import { type AuditRecord, auditedChange } from './audit.ts';
import type { AppContext } from './context.ts';
import { readCsvRows } from './csv-read.ts';
import { badRequest, conflict, HttpError, notFound } from './errors.ts';
import { jobRecords } from './job-records.ts';
import type { FormReader } from './multipart-form.ts';
import { readXlsxRows, type SheetRow } from './xlsx-read.ts';

/**
 * Imports of people from a spreadsheet (decision 0117): the upload read at once (an .xlsx or a
 * .csv of at most PEOPLE_IMPORT_MAX_ROWS lines), every line checked and planned against the
 * database, the preview answered and the checked lines kept (platform/job-records.ts: any server
 * process may take the commit); the commit plans them again inside its one transaction, writes
 * them with their audit rows, and only then does what follows (the new users' e-mails). Each import
 * (users, employees) says what its lines are; this file is the rest.
 *
 * The fines import reads sheets of 100,000 rows and so runs as polled jobs (decision 0076); a
 * people file of 5,000 lines is read and written within one request.
 */

const PENDING_TTL_MS = 30 * 60_000;
/** Lines planned or written per statement batch (IN lists and multi-row inserts stay small). */
export const IMPORT_BATCH = 500;

export interface CheckedRow<V> {
  line: number;
  values: V;
}

/** What a line would do against the database, and why (refused) or what changes (updated). */
export interface LinePlan {
  action: Exclude<ImportAction, 'refuse'> | 'refuse';
  detail: string | null;
}

export type LineRead<V> = { ok: true; values: V } | { ok: false; reason: string };

export interface SheetImport<F extends string, V, K, W> {
  /** Records of the previews waiting for a commit: DATA_DIR/jobs/<kind>. */
  kind: string;
  /** Storage folder of the uploads while they are read. */
  prefix: string;
  columns: readonly ImportColumn<F>[];
  /** Throws when the caller may not import (before a byte is stored). */
  authorize(user: SessionUser): void;
  /** What the lines are checked against (sectors, branches…), read by the preview and again by the commit. */
  known(db: DbOrTx): Promise<K>;
  /** One line's reader, for what `known` answered. */
  reader(known: K): (cells: Record<F, string>) => LineRead<V>;
  /** How the preview names a line (matrícula and name as typed). */
  label(cells: Record<F, string>): { key: string; name: string };
  /** Values unique within the file (the matrícula, the CPF): a repeat is refused, naming the first line. */
  unique: readonly { header: string; of: (v: V) => string | null }[];
  /** What each row would do, in order, against the database as `db` sees it. */
  plan(db: DbOrTx, rows: CheckedRow<V>[], user: SessionUser): Promise<LinePlan[]>;
  /** Writes one batch of rows (plans from `plan` in the same transaction); answers what `after` needs. */
  write(
    tx: Tx,
    rows: CheckedRow<V>[],
    plans: LinePlan[],
    user: SessionUser,
    record: (e: AuditRecord) => void,
  ): Promise<W[]>;
  /** The import's own audit summary, with the counts. */
  summary(fileName: string, counts: Counts): AuditRecord;
  /**
   * After the commit, in the background (e-mails to thousands of people outlast a request): its
   * failures are logged and never undo the import.
   */
  after?(ctx: AppContext, done: W[], user: SessionUser, log: FastifyBaseLogger): Promise<void>;
}

/**
 * A check that refuses with an HttpError (org.names.ts) run on one line: its message becomes one of
 * the line's reasons and `fallback` the value read.
 */
export function lineCheck<T>(check: () => T, fallback: T, errors: string[]): T {
  try {
    return check();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    errors.push(err.message);
    return fallback;
  }
}

/** The plan of a line whose key is stored: what it changes, by the preview's words. */
export const updatePlan = (changed: string[]): LinePlan =>
  changed.length === 0
    ? { action: 'unchanged', detail: null }
    : { action: 'update', detail: `Muda: ${changed.join(', ')}.` };

/** A line whose CPF another key (matrícula) holds. */
export const cpfTakenPlan = (key: string): LinePlan => ({
  action: 'refuse',
  detail: `CPF já cadastrado para a matrícula ${key}.`,
});

/** The values of the rows planned as `action`. */
export const plannedValues = <V>(rows: CheckedRow<V>[], plans: LinePlan[], action: LinePlan['action']) =>
  rows.filter((_, i) => plans[i]?.action === action).map((r) => r.values);

/** An import's own audit summary: `what` ("usuários", "funcionários") with the counts. */
export const importSummary = (what: string, fileName: string, c: Counts) =>
  `Importação de ${what} (${fileName}): ${c.added} adicionado(s), ${c.updated} atualizado(s), ${c.unchanged} sem alteração`;

interface Counts {
  added: number;
  updated: number;
  unchanged: number;
}

interface Pending<V> {
  fileName: string;
  refusedCount: number;
  rows: CheckedRow<V>[];
}

const pendingRecords = <V>(ctx: AppContext, kind: string) =>
  jobRecords<Pending<V>>(ctx, { kind, ttlMs: PENDING_TTL_MS, orphaned: (p) => p });

const XLSX_MIMES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'];
/** A workbook by its bytes, or text by its name (a .csv has no signature). */
const refuseType = (f: { mime: string; ext: string }) =>
  XLSX_MIMES.includes(f.mime) ||
  (f.mime === 'application/octet-stream' && (f.ext === 'csv' || f.ext === 'txt'))
    ? undefined
    : IMPORT_MSG.type;

async function sheetRows(storage: Storage, key: string, mime: string): Promise<AsyncGenerator<SheetRow>> {
  const input = await storage.read(key);
  return XLSX_MIMES.includes(mime) ? readXlsxRows(input) : readCsvRows(input);
}

/** Plans rows batch by batch. */
async function planAll<V>(rows: CheckedRow<V>[], plan: (batch: CheckedRow<V>[]) => Promise<LinePlan[]>) {
  const plans: LinePlan[] = [];
  for (let i = 0; i < rows.length; i += IMPORT_BATCH)
    plans.push(...(await plan(rows.slice(i, i + IMPORT_BATCH))));
  return plans;
}

/** The lines of an uploaded sheet, checked: the preview's lines and the rows kept for the commit. */
async function readLines<F extends string, V, K, W>(
  spec: SheetImport<F, V, K, W>,
  rows: AsyncGenerator<SheetRow>,
  known: K,
) {
  const head = await rows.next();
  if (head.done) throw badRequest(IMPORT_MSG.empty);
  const header = readImportHeader(spec.columns, head.value.cells);
  if (header.missing.length > 0) throw badRequest(IMPORT_MSG.columns(header.missing.join(', ')));
  const read = spec.reader(known);
  const lines: ImportLine[] = [];
  const good: CheckedRow<V>[] = [];
  /** The line of each good row in `lines`. */
  const at: number[] = [];
  const firstLine = spec.unique.map(() => new Map<string, number>());
  for await (const { line, cells } of rows) {
    if (lines.length === PEOPLE_IMPORT_MAX_ROWS) throw badRequest(IMPORT_MSG.tooManyRows);
    const byField = cellsByField(header.fields, cells);
    const { key, name } = spec.label(byField);
    const refuse = (reason: string) => lines.push({ line, action: 'refuse', key, name, detail: reason });
    // U+FFFD: bytes the reader could not decode; never written as if they were the text.
    if (cells.some((c) => typeof c === 'string' && c.includes('\uFFFD'))) {
      refuse(IMPORT_MSG.garbled);
      continue;
    }
    const row = read(byField);
    if (!row.ok) {
      refuse(row.reason);
      continue;
    }
    const repeat = spec.unique.findIndex((u, i) => {
      const value = u.of(row.values);
      return value !== null && firstLine[i]?.has(value);
    });
    if (repeat >= 0) {
      const u = spec.unique[repeat]!;
      const value = u.of(row.values) ?? '';
      refuse(IMPORT_MSG.repeated(u.header, value, firstLine[repeat]?.get(value) ?? 0));
      continue;
    }
    spec.unique.forEach((u, i) => {
      const value = u.of(row.values);
      if (value !== null) firstLine[i]?.set(value, line);
    });
    at.push(lines.length);
    lines.push({ line, action: 'add', key, name, detail: null });
    good.push({ line, values: row.values });
  }
  if (lines.length === 0) throw badRequest(IMPORT_MSG.empty);
  return { lines, good, at, ignored: header.ignored };
}

/**
 * POST …/import: reads the file (the caller authorised before a byte is stored), answers the
 * preview of every line and keeps the checked rows for the commit. The file itself is removed.
 */
async function previewImport<F extends string, V, K, W>(
  ctx: AppContext,
  spec: SheetImport<F, V, K, W>,
  user: SessionUser,
  read: FormReader<MultipartSpec>,
): Promise<ImportPreview> {
  spec.authorize(user);
  const { form } = await read({ refuse: refuseType });
  const file = form.files[0];
  if (!file) {
    await form.discard();
    throw badRequest(IMPORT_MSG.type);
  }
  const records = pendingRecords<V>(ctx, spec.kind);
  await records.sweep();
  await form.commit();
  let rows: AsyncGenerator<SheetRow> | undefined;
  try {
    rows = await sheetRows(ctx.storage, file.key, file.mime);
    const known = await spec.known(ctx.db);
    const { lines, good, at, ignored } = await readLines(spec, rows, known);
    const plans = await planAll(good, (batch) => spec.plan(ctx.db, batch, user));
    const counts: Counts & { refused: number } = { added: 0, updated: 0, unchanged: 0, refused: 0 };
    plans.forEach((p, i) => {
      const line = lines[at[i]!]!;
      line.action = p.action;
      line.detail = p.detail;
    });
    for (const l of lines) {
      if (l.action === 'add') counts.added++;
      else if (l.action === 'update') counts.updated++;
      else if (l.action === 'unchanged') counts.unchanged++;
      else counts.refused++;
    }
    const importId = randomUUID();
    await records.keep(importId, user.userId, {
      fileName: file.originalName,
      refusedCount: counts.refused,
      rows: good.filter((_, i) => plans[i]?.action !== 'refuse'),
    });
    return {
      importId,
      fileName: file.originalName,
      rows: lines.length,
      added: counts.added,
      updated: counts.updated,
      unchanged: counts.unchanged,
      refusedCount: counts.refused,
      ignoredColumns: ignored,
      lines,
    };
  } finally {
    await rows?.return(undefined).catch(() => undefined);
    await ctx.storage.delete(file.key).catch(() => undefined);
  }
}

/** The caller's previewed import, taken (a second commit or cancel, from any process, finds nothing). */
async function take<V>(ctx: AppContext, kind: string, user: SessionUser, id: string): Promise<Pending<V>> {
  const p = await pendingRecords<V>(ctx, kind).claim(id, user.userId);
  if (!p) throw notFound(IMPORT_MSG.notFound);
  return p.data;
}

/**
 * POST …/import/:id/commit: the kept rows planned again and written in ONE transaction with the
 * audit rows (a file with a refused line is refused whole; a line the database no longer accepts,
 * changed since the preview, rolls everything back with a 409 that names it). `after` follows the
 * commit.
 */
async function commitImport<F extends string, V, K, W>(
  ctx: AppContext,
  spec: SheetImport<F, V, K, W>,
  user: SessionUser,
  id: string,
  log: FastifyBaseLogger,
): Promise<ImportResult> {
  spec.authorize(user);
  const p = await take<V>(ctx, spec.kind, user, id);
  if (p.refusedCount > 0) throw badRequest(IMPORT_MSG.refused);
  const { counts, done } = await auditedChange(ctx.db, user.userId, async (tx, record) => {
    const counts: Counts = { added: 0, updated: 0, unchanged: 0 };
    const done: W[] = [];
    for (let i = 0; i < p.rows.length; i += IMPORT_BATCH) {
      const batch = p.rows.slice(i, i + IMPORT_BATCH);
      const plans = await spec.plan(tx, batch, user);
      const refused = plans.findIndex((plan) => plan.action === 'refuse');
      if (refused >= 0)
        throw conflict(IMPORT_MSG.changedMeanwhile(batch[refused]!.line, plans[refused]!.detail ?? ''));
      for (const plan of plans) {
        if (plan.action === 'add') counts.added++;
        else if (plan.action === 'update') counts.updated++;
        else counts.unchanged++;
      }
      done.push(...(await spec.write(tx, batch, plans, user, record)));
    }
    record(spec.summary(p.fileName, counts));
    return { counts, done };
  });
  if (spec.after)
    void spec.after(ctx, done, user, log).catch((err) => log.error({ err }, 'falha após a importação'));
  return { ...counts, message: IMPORT_MSG.done(counts.added, counts.updated, counts.unchanged) };
}

/** DELETE …/import/:id: forgets the previewed import. */
async function cancelImport<F extends string, V, K, W>(
  ctx: AppContext,
  spec: SheetImport<F, V, K, W>,
  user: SessionUser,
  id: string,
): Promise<void> {
  spec.authorize(user);
  await take<V>(ctx, spec.kind, user, id);
}

/** An import's three calls (preview, commit, cancel) for the routes: `spec` with the request's parts. */
export function sheetImportCalls<F extends string, V, K, W>(spec: SheetImport<F, V, K, W>) {
  return {
    preview: (ctx: AppContext, user: SessionUser, read: FormReader<MultipartSpec>) =>
      previewImport(ctx, spec, user, read),
    commit: (ctx: AppContext, user: SessionUser, id: string, log: FastifyBaseLogger) =>
      commitImport(ctx, spec, user, id, log),
    cancel: (ctx: AppContext, user: SessionUser, id: string) => cancelImport(ctx, spec, user, id),
  };
}
