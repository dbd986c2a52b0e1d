import { cpfWithCheckDigits, type ImportPreview } from '@intranet/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { fileForm } from './xlsx-buffer.ts';

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** The users sheet's header as the export writes it. */
export const USER_HEADER = [
  'Matrícula',
  'Nome',
  'CPF',
  'E-mail',
  'Setores',
  'Filial',
  'Privilégio',
  'Suporte',
];

/** A fictitious new user's line (matrícula `n`, a valid CPF of its own), `over` changing cells by index. */
export function userLine(n: number, over: Record<number, string> = {}): string[] {
  const cells = [
    String(n),
    `Pessoa Importada ${n}`,
    cpfWithCheckDigits(String(700_000_000 + n)).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'),
    `pessoa.${n}@rotasul.com.br`,
    'Operação',
    'Matriz',
    'Usuário',
    'Não',
  ];
  for (const [i, v] of Object.entries(over)) cells[Number(i)] = v;
  return cells;
}

/** A CSV of these rows: cells quoted when they must be, lines ended by CRLF as Excel writes them. */
export function csvText(rows: readonly (readonly string[])[], delimiter = ','): string {
  const cell = (v: string) => (/["\r\n]/.test(v) || v.includes(delimiter) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${rows.map((r) => r.map(cell).join(delimiter)).join('\r\n')}\r\n`;
}

/** A people import as the web drives it: upload for the preview, then commit or cancel. */
export function peopleImport(on: Inject, base: string) {
  return {
    upload: (bytes: Buffer, name: string, type = 'text/csv') =>
      on({ method: 'POST', url: base, payload: fileForm(bytes, name, type) }),
    async previewed(bytes: Buffer, name: string, type?: string): Promise<ImportPreview> {
      const res = await this.upload(bytes, name, type);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ImportPreview>();
    },
    commit: (id: string) => on({ method: 'POST', url: `${base}/${id}/commit` }),
    cancel: (id: string) => on({ method: 'DELETE', url: `${base}/${id}` }),
  };
}
