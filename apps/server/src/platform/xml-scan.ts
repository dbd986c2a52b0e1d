/**
 * A small streaming XML scanner for the parts of an .xlsx (platform/xlsx-read.ts): fed text in
 * chunks of any size, it calls its handler for each start tag, end tag and, while the handler asks
 * for it, text. Made for the few elements a spreadsheet's cells need (indexOf over the text, no
 * object per node): no DTD (refused: OOXML has none, and it is how entity bombs come), the five
 * XML entities and character references, CDATA, comments and processing instructions skipped.
 * Namespace prefixes are dropped from element names (`x:row` is `row`); attributes keep theirs.
 */

/** The text is not the XML a spreadsheet part should be. */
export class XmlError extends Error {}

export interface XmlHandler {
  /** An element opens: its local name and its start tag's text from the name on (for `forEachAttr`). */
  open(name: string, tag: string): void;
  /** An element ends (right after `open` for `<x/>`). */
  close(name: string): void;
  /** Text with its entities decoded, passed only while `wantsText` is true (in one or more pieces). */
  text(text: string): void;
  readonly wantsText: boolean;
}

/** The most text a start tag (or a comment) may span before the scanner refuses the part. */
const MAX_PENDING = 1 << 20;

const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([a-zA-Z]{2,4}));|&/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text or an attribute value with its entities decoded; an unknown entity refuses the part. */
export function decodeEntities(s: string): string {
  if (s.indexOf('&') === -1) return s;
  return s.replace(
    ENTITY,
    (_m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (name !== undefined) {
        const c = NAMED[name];
        if (c === undefined) throw new XmlError(`entidade desconhecida &${name};`);
        return c;
      }
      const code = hex !== undefined ? Number.parseInt(hex, 16) : dec !== undefined ? Number(dec) : -1;
      if (code < 0 || code > 0x10ffff) throw new XmlError('referência de caractere inválida');
      return String.fromCodePoint(code);
    },
  );
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * Local name of the element whose name spans buf[start, end) (its prefix dropped). The names of a
 * sheet's millions of cells and values come as constants, not as a new string each.
 */
function nameAt(buf: string, start: number, end: number): string {
  for (let i = end - 1; i > start; i--) {
    if (buf.charCodeAt(i) === 58) {
      start = i + 1;
      break;
    }
  }
  const len = end - start;
  if (len === 1) {
    switch (buf.charCodeAt(start)) {
      case 99:
        return 'c';
      case 118:
        return 'v';
      case 116:
        return 't';
      case 102:
        return 'f';
      case 114:
        return 'r';
    }
  } else if (len === 2 && buf.charCodeAt(start) === 105 && buf.charCodeAt(start + 1) === 115) return 'is';
  else if (len === 2 && buf.charCodeAt(start) === 115 && buf.charCodeAt(start + 1) === 105) return 'si';
  else if (len === 3 && buf.startsWith('row', start)) return 'row';
  return buf.slice(start, end);
}

/** End of the name that starts at `start` (first space, `/` or `>`, or `limit`). */
function nameEnd(buf: string, start: number, limit: number): number {
  let i = start;
  while (i < limit) {
    const c = buf.charCodeAt(i);
    if (c === 32 || c === 47 || c === 62 || c === 10 || c === 13 || c === 9) break;
    i++;
  }
  return i;
}

/** Calls `visit` with each attribute of a start tag's text (qualified name, decoded value). */
export function forEachAttr(tag: string, visit: (name: string, value: string) => void): void {
  const n = tag.length;
  let i = 0;
  while (i < n && !isSpace(tag.charCodeAt(i))) i++;
  for (;;) {
    while (i < n && isSpace(tag.charCodeAt(i))) i++;
    if (i >= n || tag.charCodeAt(i) === 47) return;
    const eq = tag.indexOf('=', i);
    if (eq === -1) throw new XmlError('atributo sem valor');
    const name = tag.slice(i, eq).trim();
    let j = eq + 1;
    while (j < n && isSpace(tag.charCodeAt(j))) j++;
    const quote = tag[j];
    if (quote !== '"' && quote !== "'") throw new XmlError('atributo sem aspas');
    const end = tag.indexOf(quote, j + 1);
    if (end === -1) throw new XmlError('atributo sem fim');
    visit(name, decodeEntities(tag.slice(j + 1, end)));
    i = end + 1;
  }
}

export class XmlScanner {
  /** Markup cut by the end of the last chunk, kept for the next. */
  private rest = '';
  /** Text not yet decoded (an entity is never cut by markup, so it is decoded at the next tag). */
  private raw = '';

  constructor(private readonly handler: XmlHandler) {}

  feed(chunk: string): void {
    const h = this.handler;
    const buf = this.rest ? this.rest + chunk : chunk;
    const n = buf.length;
    let pos = 0;
    while (pos < n) {
      const lt = buf.indexOf('<', pos);
      if (lt === -1) {
        if (h.wantsText) this.raw += buf.slice(pos);
        pos = n;
        break;
      }
      if (lt > pos && h.wantsText) this.raw += buf.slice(pos, lt);
      pos = lt;
      if (lt + 1 >= n) break;
      const c1 = buf.charCodeAt(lt + 1);
      if (c1 === 47) {
        // </name>: most often `>` right after the name (no indexOf needed).
        const end = nameEnd(buf, lt + 2, n);
        let gt = end;
        if (buf.charCodeAt(end) !== 62) {
          gt = buf.indexOf('>', end);
          if (gt === -1) break;
        }
        this.flush();
        h.close(nameAt(buf, lt + 2, end));
        pos = gt + 1;
        continue;
      }
      if (c1 === 63) {
        // <?xml …?>
        const end = buf.indexOf('?>', lt + 2);
        if (end === -1) break;
        pos = end + 2;
        continue;
      }
      if (c1 === 33) {
        if (buf.startsWith('<!--', lt)) {
          const end = buf.indexOf('-->', lt + 4);
          if (end === -1) break;
          pos = end + 3;
          continue;
        }
        if (buf.startsWith('<![CDATA[', lt)) {
          const end = buf.indexOf(']]>', lt + 9);
          if (end === -1) break;
          if (h.wantsText) {
            this.flush();
            h.text(buf.slice(lt + 9, end));
          }
          pos = end + 3;
          continue;
        }
        if (n - lt < 9) break;
        throw new XmlError('DTD ou marcação desconhecida');
      }
      // <name>, <name/>, or <name attr="…" …> whose first > outside quotes ends it.
      const end = nameEnd(buf, lt + 1, n);
      if (end >= n) break;
      let i = end;
      if (buf.charCodeAt(end) !== 62) {
        let quote = 0;
        for (; i < n; i++) {
          const c = buf.charCodeAt(i);
          if (quote !== 0) {
            if (c === quote) quote = 0;
          } else if (c === 62) break;
          else if (c === 34 || c === 39) quote = c;
        }
        if (i >= n) break;
      }
      this.flush();
      const selfClosing = buf.charCodeAt(i - 1) === 47;
      const tagEnd = selfClosing ? i - 1 : i;
      const name = nameAt(buf, lt + 1, end);
      // A tag without attributes is its name (no new string).
      h.open(name, end === tagEnd && end - (lt + 1) === name.length ? name : buf.slice(lt + 1, tagEnd));
      if (selfClosing) h.close(name);
      pos = i + 1;
    }
    this.rest = pos < n ? buf.slice(pos) : '';
    if (this.rest.length > MAX_PENDING) throw new XmlError('marcação longa demais');
  }

  /** The text is over: what was left must be complete. */
  end(): void {
    this.flush();
    if (this.rest.trim() !== '') throw new XmlError('XML incompleto');
  }

  private flush(): void {
    if (this.raw === '') return;
    const text = decodeEntities(this.raw);
    this.raw = '';
    this.handler.text(text);
  }
}

/** Excel's `_xHHHH_` escapes in cell text (`_x000D_` is a carriage return; `_x005F_` a `_`). */
/**
 * `s` as a string of its own. V8 makes a slice of 13 characters or more a view into the string it
 * was cut from, so a cell's text kept after its row (a map of the rows' keys, a list of shared
 * strings) would keep the whole decoded chunk of the part (256 KiB) alive: 17,381 kept auto
 * numbers of 18 characters held 158 MiB (decision 0087).
 * Shorter slices are copies already.
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

export function unescapeOoxml(s: string): string {
  if (s.indexOf('_x') === -1) return s;
  return s.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}
