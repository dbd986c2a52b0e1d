import { MISSING_ID } from './route-inputs.ts';

export const KB_100 = 'x'.repeat(100 * 1024);

/** A JSON text nested `depth` levels deep, around `inner`. */
export const deepArray = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
export const deepObject = (depth: number, inner = '1') =>
  `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

/** Bytes that are not UTF-8 (a lone continuation byte, an overlong NUL, a truncated sequence). */
export const INVALID_UTF8 = Buffer.from([0xff, 0xfe, 0x80, 0xc0, 0x80, 0xe2, 0x82]);

/** Names that try to leave a folder, plain and encoded. */
export const TRAVERSAL = ['../../etc/passwd', '..\\..\\windows\\win.ini', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'];

/** What a field's type decides: the values that are wrong for it, as text and as JSON. */
export type FieldKind = 'text' | 'number' | 'list';

/**
 * Bad values for one kind of field. `core` goes to every field; `more` to the first field of that
 * kind in each route (and each part of it), so that every route meets every value without
 * multiplying them by its number of fields. Coercible numbers are spelled from MISSING_ID, so that
 * a lenient parser lands on no record ("0xF423F" is 999999).
 */
export interface BadValues {
  text: { core: readonly string[]; more: readonly string[] };
  json: { core: readonly unknown[]; more: readonly unknown[] };
}

export const BAD_VALUES: Record<FieldKind, BadValues> = {
  number: {
    text: {
      core: ['abc', 'NaN', '-1', '0xF423F', '2147483648'],
      more: ['', KB_100, 'Infinity', '1e309', '1.5', ` ${MISSING_ID} `, '9007199254740993', TRAVERSAL[0]!],
    },
    json: {
      core: [null, false, [MISSING_ID], 1e308, -1],
      more: [
        {},
        { $gt: '' },
        [[[MISSING_ID]]],
        -1e308,
        0,
        1.5,
        Number.MAX_SAFE_INTEGER,
        2 ** 64,
        2_147_483_648,
      ],
    },
  },
  text: {
    text: {
      core: ['', KB_100, TRAVERSAL[0]!, 'nome\u0000oculto'],
      more: [
        '   ',
        TRAVERSAL[1]!,
        TRAVERSAL[2]!,
        '\uD800',
        '<script>alert(1)</script>',
        '😀'.repeat(300),
        '\u202Egnp.exe',
      ],
    },
    json: {
      core: [null, 123456, ['texto'], {}],
      more: [false, { $gt: '' }, [], Array.from({ length: 1000 }, () => 'texto')],
    },
  },
  list: {
    text: { core: ['texto', KB_100], more: ['', TRAVERSAL[0]!] },
    json: {
      core: [null, 123456, {}, [null], [KB_100]],
      more: [false, [{}], [[['texto']]], { $gt: '' }, Array.from({ length: 1000 }, () => 'texto')],
    },
  },
};

/** Percent-encodings that are broken, or decode to something a path must not hold. */
export const RAW_URL_VALUES = {
  core: ['%2e%2e%2f%2e%2e%2fetc%2fpasswd', '%FF%FE', '%00'],
  more: ['..%2F..%2Ftest.sqlite', '%252e%252e%252f', '%C0%AE%C0%AE%2F', '%'],
};
