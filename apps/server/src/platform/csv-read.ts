import type { Readable } from 'node:stream';
import { CsvError, type Parser, parse } from 'csv-parse';
import { badRequest } from './errors.ts';
import type { SheetRow } from './xlsx-sheet.ts';

/** The bytes read before choosing the encoding and the delimiter. */
const SNIFF_BYTES = 64 * 1024;
/** The longest record csv-parse builds (characters): a file without line ends is not a sheet. */
const MAX_RECORD_CHARS = 100_000;
const DELIMITERS = [';', ',', '\t'] as const;

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export const unreadableCsv = (line?: number) =>
  badRequest(
    line
      ? `Não foi possível ler o arquivo .csv (perto da linha ${line}): confira as aspas e os separadores.`
      : 'Não foi possível ler o arquivo .csv.',
  );

/**
 * The encoding of a text file from its first bytes: UTF-8 with a BOM, or bytes that are valid
 * UTF-8, are UTF-8; anything else is Windows-1252 (what Excel in Brazil writes as "CSV": Latin-1
 * with the euro sign and curly quotes where Latin-1 has control codes).
 */
export function textEncoding(head: Buffer): 'utf-8' | 'windows-1252' {
  if (head.subarray(0, 3).equals(UTF8_BOM)) return 'utf-8';
  try {
    // `stream`: a character cut at the sample's end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * The delimiter of a CSV from its first line: the most frequent of ";" (Excel in Brazil, where ","
 * is the decimal comma), "," and tab outside quotes; "," when none appears.
 */
export function csvDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  let most = 0;
  for (const [d, n] of counts)
    if (n > most) {
      best = d;
      most = n;
    }
  return best;
}

/** The stream's first bytes (up to SNIFF_BYTES) and the stream of the rest. */
async function sniff(input: Readable): Promise<{ head: Buffer; rest: AsyncIterator<Buffer> }> {
  const rest = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const next = await rest.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    size += chunk.length;
  }
  return { head: Buffer.concat(chunks), rest };
}

/**
 * Streams the rows of a .csv as the .xlsx reader gives them (`line` 1 is the header; blank rows
 * skipped but counted, so a line is the row a spreadsheet program shows): the encoding and the
 * delimiter are told from the first 64 KB, the text decoded as it streams (bytes that are not
 * characters become U+FFFD, which the imports refuse by line), and csv-parse splits the records.
 * A malformed file (an open quote at its end) answers 400.
 */
export async function* readCsvRows(input: Readable): AsyncGenerator<SheetRow> {
  let parser: Parser | undefined;
  try {
    const { head, rest } = await sniff(input);
    const decoder = new TextDecoder(textEncoding(head));
    const first = decoder.decode(head, { stream: true });
    const csv = parse({
      delimiter: csvDelimiter(first),
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: MAX_RECORD_CHARS,
    });
    parser = csv;
    // Resolves when the parser takes more text, or when it is gone (a reader that stopped early).
    const room = () =>
      new Promise<void>((resolve) => {
        csv.once('drain', resolve);
        csv.once('close', resolve);
      });
    const write = async (text: string) => {
      if (!csv.destroyed && !csv.write(text)) await room();
    };
    // The decoded text is written as the parser takes it; its records are read below.
    const feed = (async () => {
      try {
        await write(first);
        for (;;) {
          const next = await rest.next();
          if (next.done || csv.destroyed) break;
          await write(decoder.decode(next.value, { stream: true }));
        }
        if (!csv.destroyed) csv.end(decoder.decode());
      } catch (err) {
        csv.destroy(err as Error);
      }
    })();
    let line = 0;
    for await (const record of csv as AsyncIterable<string[]>) {
      line++;
      if (record.every((cell) => cell.trim() === '')) continue;
      yield { line, cells: record.map((cell) => (cell === '' ? null : cell)) };
    }
    await feed;
  } catch (err) {
    if (err instanceof CsvError) throw unreadableCsv((err as CsvError & { lines?: number }).lines);
    throw err;
  } finally {
    parser?.destroy();
    input.destroy();
  }
}
