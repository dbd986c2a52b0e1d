import { describe, expect, it } from 'vitest';
import { bodyId, bodyInt, queryId, queryInt } from './ids.ts';

/** Values a lenient parser turns into a number, and none of which is one. */
const NOT_JSON_NUMBERS = ['2', '0x2', ' 7 ', '1e3', '', 'true', true, false, [2], { id: 2 }, null];

describe('ids and integers in JSON bodies', () => {
  it('accepts positive integer JSON numbers only', () => {
    expect(bodyId().parse(2)).toBe(2);
    for (const value of [...NOT_JSON_NUMBERS, 0, -1, 2.5, Number.NaN, 1e12, Number.POSITIVE_INFINITY])
      expect(bodyId().safeParse(value).success, JSON.stringify(value)).toBe(false);
  });

  it('keeps the message of the field', () => {
    expect(bodyId('Aviso inválido.').safeParse('0x2').error?.issues[0]?.message).toBe('Aviso inválido.');
  });

  it('bounds other integers', () => {
    expect(bodyInt({ max: 1 }).parse(0)).toBe(0);
    expect(bodyInt({ max: 1 }).safeParse(2).success).toBe(false);
    expect(bodyInt().safeParse('1').success).toBe(false);
  });
});

describe('ids and integers in query strings, path parameters and multipart fields', () => {
  it('accepts decimal digits, as numbers', () => {
    expect(queryId().parse('2')).toBe(2);
    expect(queryId().parse('007')).toBe(7);
    expect(queryInt().parse('0')).toBe(0);
  });

  it('refuses every other spelling', () => {
    for (const value of [
      '0x2',
      ' 7 ',
      '7 ',
      '1e3',
      'true',
      '',
      '-1',
      '+1',
      '2.0',
      '2,0',
      '0',
      '99999999999',
      '2147483648',
    ]) {
      expect(queryId().safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
    for (const value of [2.5, -2, 1e21, Number.NaN, true, ['2']]) {
      expect(queryId().safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
    // The web's typed client may pass a number: it travels as its decimal text and obeys the same rule.
    expect(queryId().parse(2)).toBe(2);
  });

  it('bounds other integers', () => {
    expect(queryInt({ min: 1, max: 100 }).safeParse('101').success).toBe(false);
    expect(queryInt({ min: 1, max: 100 }).parse('100')).toBe(100);
  });
});
