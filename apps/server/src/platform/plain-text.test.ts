import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.ts';

describe('plainText', () => {
  it.each([
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['&#60;script&#62;', '&#60;script&#62;'],
    ['a &amp; b', 'a &amp; b'],
    ['&nbsp;', '&nbsp;'],
    ['R&D', 'R&D'],
    ['a < b', 'a < b'],
    ['5 > 3 e 2 < 4', '5 > 3 e 2 < 4'],
    ['"aspas" e \'apóstrofo\'', '"aspas" e \'apóstrofo\''],
    ['Olá, tudo bem?', 'Olá, tudo bem?'],
  ])('keeps %j as typed', (input, expected) => {
    expect(plainText(input)).toBe(expected);
  });

  it.each([
    ['<b>negrito</b> e <i>itálico</i>', 'negrito e itálico'],
    ['<script>alert(1)</script>oi', 'oi'],
    ['<style>body{}</style>texto', 'texto'],
    ['<img src=x onerror=alert(1)>foto', 'foto'],
    ['<<script>script>alert(1)<</script>/script>', ''],
    ['<<b>/b>texto', 'texto'],
  ])('drops the markup of %j', (input, expected) => {
    const out = plainText(input);
    expect(out).not.toMatch(/<[a-z/!]/i);
    expect(out).toBe(expected);
  });

  it('never turns typed entities into a tag', () => {
    for (const input of [
      '&lt;script&gt;',
      '&LT;script&GT;',
      '&#x3C;script&#x3E;',
      '&amp;lt;script&amp;gt;',
    ]) {
      expect(plainText(input)).not.toContain('<script');
    }
  });
});
