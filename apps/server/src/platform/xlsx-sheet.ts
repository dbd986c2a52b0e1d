import type { FirstSheet } from './xlsx-parts.ts';
import { XLSX_LIMITS, XlsxError } from './xlsx-parts.ts';
import { forEachAttr, ownString, unescapeOoxml, type XmlHandler } from './xml-scan.ts';

/** A cell as an import reads it: text, a number, a `yyyy-MM-dd` day, or empty. */
export type ReadCell = string | number | null;

export interface SheetRow {
  /** The row's number in the sheet (1 is the header), as Excel shows it. */
  line: number;
  /** The row's cells by column, from column A (index 0). */
  cells: ReadCell[];
}

/** The most characters one cell's text may have (Excel's own limit is 32,767). */
const MAX_CELL_TEXT = 1 << 20;

/** `AB12` in text[start, end) → 27 (column index from 0); -1 when the reference has no letters. */
function columnAt(text: string, start: number, end: number): number {
  let col = 0;
  let i = start;
  for (; i < end; i++) {
    const c = text.charCodeAt(i) | 32;
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
    if (col > XLSX_LIMITS.columns) throw new XlsxError('coluna além de XFD');
  }
  return i === start ? -1 : col - 1;
}

/** A cell's `t=` in text[start, end), the usual ones as constants (compared by identity after). */
function typeAt(text: string, start: number, end: number): string {
  const len = end - start;
  const c = text.charCodeAt(start);
  if (len === 1) {
    if (c === 115) return 's';
    if (c === 110) return 'n';
  } else if (len === 9 && c === 105 && text.startsWith('inlineStr', start)) return 'inlineStr';
  else if (len === 3 && c === 115 && text.startsWith('str', start)) return 'str';
  return text.slice(start, end);
}

/** A style index written as digits in text[start, end); 0 otherwise. */
function digitsAt(text: string, start: number, end: number): number {
  let v = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9 || v > 1e8) return Number.parseInt(text.slice(start, end), 10) || 0;
    v = v * 10 + d;
  }
  return v;
}

/** Days already turned into text (a sheet's dates repeat): serial day → `yyyy-MM-dd`. */
const dayCache = new Map<number, string>();

/** An Excel day serial as the day it names (time of day dropped), as exceljs read it before. */
function excelDay(serial: number, date1904: boolean): string | null {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const key = Math.floor(ms / 86_400_000);
  const known = dayCache.get(key);
  if (known !== undefined) return known;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return null;
  const day = d.toISOString().slice(0, 10);
  if (dayCache.size >= 100_000) dayCache.clear();
  dayCache.set(key, day);
  return day;
}

const blank = (cells: ReadCell[]) => cells.every((c) => c === null || c === '');

/**
 * The rows of a worksheet's `<sheetData>`, as an XmlHandler: each `<row>` with its `<c>` cells
 * (`r=` column, `s=` style, `t=` type; `<v>` value or `<is>` inline text), completed rows collected
 * in `rows` for the caller to take; `done` once `</sheetData>` is read (the rest of the part is
 * not needed). Cell types: s shared string, inlineStr and str text, b boolean ('true'/'false'),
 * e error text (#N/A), d ISO date, n or none a number, or the day when its style is a date format.
 */
export class SheetRows implements XmlHandler {
  rows: SheetRow[] = [];
  done = false;
  wantsText = false;

  private inData = false;
  private line = 0;
  private cells: ReadCell[] | null = null;
  private col = -1;
  private inCell = false;
  private type = '';
  private style = 0;
  private hasText = false;
  private buf = '';
  private inInline = false;
  private phonetic = 0;

  constructor(private readonly sheet: FirstSheet) {}

  /**
   * The `<c>` tag's r, s and t, read in place (a sheet has millions: no string for each name or
   * number). Values with entities or other attributes are left to forEachAttr's general reading.
   */
  private cellAttrs(tag: string): void {
    const n = tag.length;
    let i = 1;
    for (;;) {
      while (i < n && tag.charCodeAt(i) !== 32) {
        const c = tag.charCodeAt(i);
        if (c === 10 || c === 13 || c === 9 || c === 61) {
          forEachAttr(tag, this.cellAttr);
          return;
        }
        i++;
      }
      while (i < n && tag.charCodeAt(i) === 32) i++;
      if (i >= n) return;
      const name = tag.charCodeAt(i);
      if (tag.charCodeAt(i + 1) !== 61 || tag.charCodeAt(i + 2) !== 34) {
        // Not `x="`: another attribute (cm, vm, ph) or another spelling; read them all in general.
        forEachAttr(tag, this.cellAttr);
        return;
      }
      const start = i + 3;
      const end = tag.indexOf('"', start);
      if (end === -1 || tag.indexOf('&', start) !== -1) {
        forEachAttr(tag, this.cellAttr);
        return;
      }
      if (name === 114) {
        const col = columnAt(tag, start, end);
        if (col >= 0) this.col = col;
      } else if (name === 115) this.style = digitsAt(tag, start, end);
      else if (name === 116) this.type = typeAt(tag, start, end);
      i = end + 1;
    }
  }

  private readonly cellAttr = (name: string, value: string) => {
    if (name === 'r') {
      const col = columnAt(value, 0, value.length);
      if (col >= 0) this.col = col;
    } else if (name === 's') this.style = Number.parseInt(value, 10) || 0;
    else if (name === 't') this.type = value;
  };

  private rowNumber = 0;
  private readonly rowAttr = (name: string, value: string) => {
    if (name === 'r') this.rowNumber = Number.parseInt(value, 10);
  };

  open(name: string, tag: string): void {
    switch (name) {
      case 'c':
        if (!this.cells) return;
        this.inCell = true;
        this.type = '';
        this.style = 0;
        this.hasText = false;
        this.buf = '';
        this.col++;
        if (tag !== name) this.cellAttrs(tag);
        if (this.col >= XLSX_LIMITS.columns) throw new XlsxError('coluna além de XFD');
        return;
      case 'v':
        if (this.inCell && !this.inInline) this.wantsText = this.hasText = true;
        return;
      case 't':
        if (this.inInline && this.phonetic === 0) this.wantsText = this.hasText = true;
        return;
      case 'is':
        if (this.inCell) this.inInline = true;
        return;
      case 'rPh':
        if (this.inInline) this.phonetic++;
        return;
      case 'row':
        if (!this.inData) return;
        this.rowNumber = 0;
        forEachAttr(tag, this.rowAttr);
        this.line = this.rowNumber > 0 ? this.rowNumber : this.line + 1;
        if (this.line > XLSX_LIMITS.rows) throw new XlsxError('linha além de 1.048.576');
        this.cells = [];
        this.col = -1;
        return;
      case 'sheetData':
        this.inData = true;
        return;
    }
  }

  close(name: string): void {
    switch (name) {
      case 'v':
      case 't':
        this.wantsText = false;
        return;
      case 'c': {
        if (!this.inCell || !this.cells) return;
        this.inCell = false;
        this.inInline = false;
        const value = this.value();
        if (value === null) return;
        const cells = this.cells;
        while (cells.length < this.col) cells.push(null);
        cells[this.col] = value;
        return;
      }
      case 'is':
        this.inInline = false;
        return;
      case 'rPh':
        if (this.phonetic > 0) this.phonetic--;
        return;
      case 'row':
        if (this.cells && !blank(this.cells)) this.rows.push({ line: this.line, cells: this.cells });
        this.cells = null;
        return;
      case 'sheetData':
        this.inData = false;
        this.done = true;
        return;
    }
  }

  text(text: string): void {
    this.buf += text;
    if (this.buf.length > MAX_CELL_TEXT) throw new XlsxError('texto longo demais numa célula');
  }

  private value(): ReadCell {
    if (!this.hasText) return null;
    const text = this.buf;
    switch (this.type) {
      case 's':
        return this.sheet.sharedStrings[Number.parseInt(text, 10)] ?? null;
      case 'inlineStr':
      case 'str':
        return ownString(unescapeOoxml(text));
      case 'b':
        return Number.parseInt(text, 10) !== 0 ? 'true' : 'false';
      case 'e':
        return text;
      case 'd':
        return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
      default: {
        const n = Number.parseFloat(text);
        if (!Number.isFinite(n)) return null;
        return this.sheet.dateStyles[this.style] ? excelDay(n, this.sheet.date1904) : n;
      }
    }
  }
}
