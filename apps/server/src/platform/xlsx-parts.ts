import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { forEachAttr, ownString, unescapeOoxml, type XmlHandler, XmlScanner } from './xml-scan.ts';

/**
 * The parts of an .xlsx that its first sheet's cells need, read from the zip (yauzl, by its central
 * directory): which part is the first sheet (`_rels/.rels` → the workbook → its relations), the
 * 1904 date system, which cell styles are dates (`xl/styles.xml`) and the shared strings.
 * Limits: a zip bomb or a table of strings too big to hold is refused as unreadable, never inflated
 * whole (sizes as the central directory declares them; yauzl fails a stream that inflates more).
 */

/** The package is not an .xlsx this reader can read (the caller answers UNREADABLE_SHEET). */
export class XlsxError extends Error {}

export const XLSX_LIMITS = {
  /** Entries in the zip (a workbook has tens; Excel's largest, a few thousand). */
  entries: 50_000,
  /** Inflated bytes of a small part read whole: relations, workbook, styles. */
  partBytes: 32 * 2 ** 20,
  /** Inflated bytes of the shared strings table, held in memory while the sheet is read. */
  sharedStringsBytes: 256 * 2 ** 20,
  /** Inflated bytes of the sheet (streamed; bounds the time a zip bomb could take). */
  sheetBytes: 2 * 2 ** 30,
  /** Excel's own sheet size: rows and columns. */
  rows: 1_048_576,
  columns: 16_384,
} as const;

export interface XlsxPackage {
  zip: yauzl.ZipFile;
  /** Entries by lower-case name (part names are case-insensitive). */
  entries: Map<string, yauzl.Entry>;
}

export async function openPackage(file: string): Promise<XlsxPackage> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: false });
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entries.size >= XLSX_LIMITS.entries) throw new XlsxError('entradas demais');
      entries.set(entry.fileName.toLowerCase(), entry);
    }
  } catch (err) {
    zip.close();
    throw err;
  }
  return { zip, entries };
}

/** Inflated chunks of this size: zlib's default 16 KiB made inflating the sheet take 3× as long. */
const CHUNK = 256 * 1024;

/**
 * An entry's inflated bytes, refused above `maxBytes` (as declared, then as inflated: more or fewer
 * bytes than the central directory declares is a damaged or crafted zip); null when not in the zip.
 */
export async function entryBytes(
  pkg: XlsxPackage,
  name: string,
  maxBytes: number,
): Promise<AsyncGenerator<Buffer> | null> {
  const entry = pkg.entries.get(name.toLowerCase());
  if (!entry) return null;
  if (entry.uncompressedSize > maxBytes) throw new XlsxError(`${name}: grande demais`);
  if (entry.isEncrypted() || (entry.compressionMethod !== 8 && entry.compressionMethod !== 0))
    throw new XlsxError(`${name}: compressão desconhecida`);
  // yauzl refuses `decompress: false` on a stored (uncompressed) entry, as SheetJS writes them.
  const raw = await pkg.zip.openReadStreamPromise(
    entry,
    entry.compressionMethod === 8 ? { decompress: false } : {},
  );
  return inflated(raw, entry);
}

async function* inflated(raw: Readable, entry: yauzl.Entry): AsyncGenerator<Buffer> {
  const out = entry.compressionMethod === 8 ? raw.pipe(zlib.createInflateRaw({ chunkSize: CHUNK })) : raw;
  if (out !== raw) raw.on('error', (err) => out.destroy(err));
  let total = 0;
  try {
    for await (const chunk of out as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > entry.uncompressedSize) throw new XlsxError(`${entry.fileName}: maior que o declarado`);
      yield chunk;
    }
    if (total !== entry.uncompressedSize) throw new XlsxError(`${entry.fileName}: menor que o declarado`);
  } finally {
    raw.destroy();
    out.destroy();
  }
}

/** Text chunks of a byte stream, UTF-8 decoded across chunk boundaries (a character cut in two is kept whole). */
export async function* utf8Text(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Scans a whole part with `handler`; false when the part is not in the zip. */
async function scanPart(
  pkg: XlsxPackage,
  name: string,
  maxBytes: number,
  handler: XmlHandler,
): Promise<boolean> {
  const bytes = await entryBytes(pkg, name, maxBytes);
  if (!bytes) return false;
  const scanner = new XmlScanner(handler);
  for await (const text of utf8Text(bytes)) scanner.feed(text);
  scanner.end();
  return true;
}

/** A handler that only looks at start tags. */
const onTags = (open: (name: string, tag: string) => void, close: (name: string) => void = () => {}) => ({
  open,
  close,
  text() {},
  wantsText: false,
});

interface Relation {
  type: string;
  /** The target's part name, resolved (no leading slash). */
  target: string;
}

/** `a/b/../c.xml` → `a/c.xml`; a target starting with `/` is from the package's root. */
function resolvePart(base: string, target: string): string {
  const parts = target.startsWith('/') ? [] : base.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return parts.join('/');
}

/** The relations of part `source` (its `_rels/<name>.rels`), by id. */
async function relationsOf(pkg: XlsxPackage, source: string): Promise<Map<string, Relation>> {
  const slash = source.lastIndexOf('/');
  const relsName = `${source.slice(0, slash + 1)}_rels/${source.slice(slash + 1)}.rels`;
  const rels = new Map<string, Relation>();
  await scanPart(
    pkg,
    relsName,
    XLSX_LIMITS.partBytes,
    onTags((name, tag) => {
      if (name !== 'Relationship') return;
      let id = '';
      let type = '';
      let target = '';
      let external = false;
      forEachAttr(tag, (a, v) => {
        if (a === 'Id') id = v;
        else if (a === 'Type') type = v;
        else if (a === 'Target') target = v;
        else if (a === 'TargetMode') external = v === 'External';
      });
      if (id && target && !external) rels.set(id, { type, target: resolvePart(source, target) });
    }),
  );
  return rels;
}

const isType = (rel: Relation, kind: string) => rel.type.endsWith(`/${kind}`);

/** Built-in number formats that are dates or times (ECMA-376 18.8.30): 14–22 and 45–47. */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/**
 * A format code shows a date or time when, outside quoted text, `[…]` sections (colours,
 * conditions, locales) and escaped characters, it has y, m, d, h, s (any case) or b (Buddhist year).
 */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*]/g, '')
    .replace(/[\\_*]./g, '');
  return /[ymdhsb]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Per cell style (`s=`, an index in cellXfs): true when its number format is a date. */
async function dateStyles(pkg: XlsxPackage, name: string | undefined): Promise<boolean[]> {
  const custom = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  if (name) {
    await scanPart(
      pkg,
      name,
      XLSX_LIMITS.partBytes,
      onTags(
        (el, tag) => {
          if (el === 'cellXfs') inCellXfs = true;
          else if (el === 'numFmt') {
            let id = -1;
            let code = '';
            forEachAttr(tag, (a, v) => {
              if (a === 'numFmtId') id = Number.parseInt(v, 10);
              else if (a === 'formatCode') code = v;
            });
            custom.set(id, code);
          } else if (el === 'xf' && inCellXfs) {
            let id = 0;
            forEachAttr(tag, (a, v) => {
              if (a === 'numFmtId') id = Number.parseInt(v, 10) || 0;
            });
            formats.push(id);
          }
        },
        (el) => {
          if (el === 'cellXfs') inCellXfs = false;
        },
      ),
    );
  }
  return formats.map((id) => {
    const code = custom.get(id);
    return code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id);
  });
}

/** Collects the `<si>` texts: `<t>` directly or in rich-text runs `<r>`; phonetic runs `<rPh>` left out. */
class SharedStrings implements XmlHandler {
  readonly list: string[] = [];
  wantsText = false;
  private buf = '';
  private inSi = false;
  private phonetic = 0;

  open(name: string): void {
    if (name === 'si') {
      this.inSi = true;
      this.buf = '';
    } else if (name === 't') this.wantsText = this.inSi && this.phonetic === 0;
    else if (name === 'rPh') this.phonetic++;
  }

  close(name: string): void {
    if (name === 't') this.wantsText = false;
    else if (name === 'rPh') this.phonetic--;
    else if (name === 'si') {
      this.list.push(ownString(unescapeOoxml(this.buf)));
      this.inSi = false;
      this.buf = '';
    }
  }

  text(text: string): void {
    this.buf += text;
  }
}

export interface FirstSheet {
  /** The sheet's part name (e.g. `xl/worksheets/sheet1.xml`). */
  part: string;
  sharedStrings: string[];
  dateStyles: boolean[];
  date1904: boolean;
}

/**
 * The first worksheet in the workbook's order (not the zip's, nor sheet1.xml by name) and what its
 * cells refer to. No workbook, or a workbook without a worksheet, is an XlsxError.
 */
export async function firstSheet(pkg: XlsxPackage): Promise<FirstSheet> {
  const root = await relationsOf(pkg, '');
  const office = [...root.values()].find((r) => isType(r, 'officeDocument'));
  const workbook = office?.target ?? 'xl/workbook.xml';
  const sheetIds: string[] = [];
  let date1904 = false;
  const found = await scanPart(
    pkg,
    workbook,
    XLSX_LIMITS.partBytes,
    onTags((name, tag) => {
      if (name === 'workbookPr')
        forEachAttr(tag, (a, v) => {
          if (a === 'date1904') date1904 = v === '1' || v === 'true';
        });
      else if (name === 'sheet')
        forEachAttr(tag, (a, v) => {
          // r:id, whatever the prefix of the relationships namespace is called.
          if (a.endsWith(':id')) sheetIds.push(v);
        });
    }),
  );
  if (!found) throw new XlsxError('sem pasta de trabalho');
  const rels = await relationsOf(pkg, workbook);
  const sheet = sheetIds.map((id) => rels.get(id)).find((r) => r && isType(r, 'worksheet'));
  if (!sheet || !pkg.entries.has(sheet.target.toLowerCase())) throw new XlsxError('sem planilha');
  const relOf = (kind: string) => [...rels.values()].find((r) => isType(r, kind))?.target;
  const strings = new SharedStrings();
  const stringsPart = relOf('sharedStrings');
  if (stringsPart) await scanPart(pkg, stringsPart, XLSX_LIMITS.sharedStringsBytes, strings);
  return {
    part: sheet.target,
    sharedStrings: strings.list,
    dateStyles: await dateStyles(pkg, relOf('styles')),
    date1904,
  };
}
