import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest } from './errors.ts';
import {
  entryBytes,
  firstSheet,
  openPackage,
  utf8Text,
  XLSX_LIMITS,
  XlsxError,
  type XlsxPackage,
} from './xlsx-parts.ts';
import { type SheetRow, SheetRows } from './xlsx-sheet.ts';
import { XmlScanner } from './xml-scan.ts';

export type { ReadCell, SheetRow } from './xlsx-sheet.ts';

export const UNREADABLE_SHEET = 'Não foi possível ler a planilha .xlsx.';

/**
 * The reader's copies of uploads live in the system's temporary directory, one directory per read
 * named `intranet-xlsx-read-<pid>-…` after the process reading it: a process that dies mid-read
 * (killed, out of memory) cannot remove its copy, so the next start-up does
 * (`removeStaleSheetCopies`), leaving alone those of processes still running (tests, a second
 * server on the same machine). The storage's own place is not used: it may be remote (S3), and
 * the zip must be read by its central directory from a local file.
 */
const COPY_PREFIX = 'intranet-xlsx-read-';

/** Whether process `pid` still runs (EPERM: it does, under another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the copies left by readers whose process no longer runs (called at start-up); answers
 * how many. `dir` is the system's temporary directory unless a test gives its own.
 */
export async function removeStaleSheetCopies(dir = os.tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await fs.promises.readdir(dir)) {
    const pid = Number(/^intranet-xlsx-read-(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || running(pid)) continue;
    await fs.promises.rm(path.join(dir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Streams the first worksheet of an .xlsx (the first in the workbook's order), row by row; blank
 * rows are skipped. The upload is copied to a temporary file (under `tempDir`, see COPY_PREFIX) so the zip is read by its central
 * directory (yauzl): the workbook, styles and shared strings first, whatever their place in the
 * file, then the sheet inflated and scanned as it streams (platform/xml-scan.ts): memory holds the
 * shared strings and a chunk of rows, at any row count. A file that is not a readable workbook (not
 * a zip, a damaged or truncated one, a zip without a workbook, a zip bomb) answers 400, before the
 * first row or mid-way. Why not exceljs' streaming reader: decision 0084.
 */
export async function* readXlsxRows(input: Readable, tempDir = os.tmpdir()): AsyncGenerator<SheetRow> {
  const dir = await fs.promises.mkdtemp(path.join(tempDir, `${COPY_PREFIX}${process.pid}-`));
  let pkg: XlsxPackage | undefined;
  let sheet: AsyncGenerator<Buffer> | null = null;
  let texts: AsyncGenerator<string> | undefined;
  try {
    // Copying the upload is the storage's and the disk's business: a failure there is the server's.
    const file = path.join(dir, 'book.xlsx');
    await pipeline(input, fs.createWriteStream(file));
    const rows = await unreadable(async () => {
      pkg = await openPackage(file);
      const first = await firstSheet(pkg);
      sheet = await entryBytes(pkg, first.part, XLSX_LIMITS.sheetBytes);
      return new SheetRows(first);
    });
    const text = utf8Text(sheet as unknown as AsyncGenerator<Buffer>);
    texts = text;
    const scanner = new XmlScanner(rows);
    for (;;) {
      const ended = await unreadable(async () => {
        const next = await text.next();
        if (next.done) {
          scanner.end();
          // The part ended inside its rows: a cut or crafted sheet, not a short one.
          if (!rows.done) throw new XlsxError('sheetData sem fim');
        } else scanner.feed(next.value);
        return next.done === true;
      });
      const ready = rows.rows;
      if (ready.length > 0) {
        rows.rows = [];
        for (const row of ready) yield row;
      }
      if (ended || rows.done) return;
    }
  } finally {
    // Stopping early (a refused header, a cancel) must not leave the file open.
    input.destroy();
    // Ending the text's generator ends the sheet's (its zip stream destroyed).
    await (texts ?? (sheet as AsyncGenerator<Buffer> | null))?.return(undefined);
    (pkg as XlsxPackage | undefined)?.zip.close();
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Any failure to read the file is the user's file, not the server: the Portuguese 400. */
async function unreadable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw badRequest(UNREADABLE_SHEET);
  }
}
