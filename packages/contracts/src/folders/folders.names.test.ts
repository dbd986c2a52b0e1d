import { describe, expect, it } from 'vitest';
import { FOLDER_ITEM_NAME_MAX, renamedFileName } from './folders.names.ts';

describe('renamedFileName (issue 15)', () => {
  it.each([
    ['aviso.png', 'Foto da doca – Mauá', 'Foto da doca – Mauá.png'],
    ['aviso.png', 'Foto da doca.jpg', 'Foto da doca.jpg'],
    ['aviso.png', 'Foto da doca.PNG', 'Foto da doca.PNG'],
    ['relatorio.pdf', 'Relatório v1.2', 'Relatório v1.2.pdf'],
    ['relatorio.pdf', 'Dr. Silva', 'Dr. Silva.pdf'],
    ['relatorio.pdf', 'run.vbs', 'run.vbs'],
    ['relatorio.pdf', '  novo  ', 'novo.pdf'],
    ['LEIAME', 'Leia-me', 'Leia-me'],
    ['.env', 'config', 'config'],
  ])('%j renamed %j is %j', (current, typed, expected) => {
    expect(renamedFileName(current, typed)).toBe(expected);
  });

  it('keeps the extension within the name limit', () => {
    const name = renamedFileName('a.xlsx', 'x'.repeat(FOLDER_ITEM_NAME_MAX));
    expect(name).toHaveLength(FOLDER_ITEM_NAME_MAX);
    expect(name.endsWith('.xlsx')).toBe(true);
  });
});
