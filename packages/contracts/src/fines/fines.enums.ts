import { LIMITS } from '../limits.ts';
import { normalizeName } from '../roles.ts';

/** Fines enums of spec §4, stored and shown as written there. */
export const STATUS_MULTA = ['Notificação', 'Penalidade'] as const;
export type StatusMulta = (typeof STATUS_MULTA)[number];

export const STATUS_PAGMTO = ['Aguardando Boleto', 'À Vencer', 'Pagamento Realizado'] as const;
export type StatusPagmto = (typeof STATUS_PAGMTO)[number];
/** The payment status that makes a fine paid (aggregates totalMultasPago / totalValPago). */
export const PAID: StatusPagmto = 'Pagamento Realizado';

export const STATUS_ND = [
  'N/A',
  'Recebido da Transportadora',
  'Recebido do Cliente',
  'Repassado para a Transportadora',
  'ND Realizada',
  'NC Realizada',
  'Repassar ND',
] as const;
export type StatusNd = (typeof STATUS_ND)[number];

export const PASSIVO = ['SIM', 'NÃO'] as const;

/** Who answers for a fine (spec §9 responsible filter): Braskem, the carrier, or not said. */
export const RESPONSIBLE = ['braskem', 'transp'] as const;
export type Responsible = (typeof RESPONSIBLE)[number];
export const RESPONSIBLE_FILTER = ['all', ...RESPONSIBLE] as const;
export const RESPONSIBLE_LABEL: Record<(typeof RESPONSIBLE_FILTER)[number], string> = {
  all: 'Todos',
  braskem: 'Braskem',
  transp: 'Transportadora',
};

/** Business groups (spec §9): resins are PP, PE, PVC and VAR; UNIB on its own. */
export const RESIN_BUSINESSES = ['PP', 'PE', 'PVC', 'VAR'] as const;
export const BUSINESS_GROUP = ['resinas', 'UNIB'] as const;
export type BusinessGroup = (typeof BUSINESS_GROUP)[number];
export const BUSINESS_FILTER = ['all', ...BUSINESS_GROUP] as const;
export const BUSINESS_LABEL: Record<(typeof BUSINESS_FILTER)[number], string> = {
  all: 'Todos',
  resinas: 'Resinas (PP, PE, PVC, VAR)',
  UNIB: 'UNIB',
};

/** Braskem detection (spec §9): the fined party's name contains "braskem", in any case or accent. */
export const isBraskem = (name: string | null | undefined): boolean =>
  !!name && normalizeName(name).includes('braskem');

/**
 * Who answers for a fine, from NOME_AUTUADO: Braskem when its name says so, the carrier when
 * another name is given, nobody (unspecified) when empty. Stored with the fine so the filter and
 * the counts use an index.
 */
export function responsibleOf(nomeAutuado: string | null | undefined): Responsible | null {
  if (!nomeAutuado?.trim()) return null;
  return isBraskem(nomeAutuado) ? 'braskem' : 'transp';
}

/** The business group of NEGOCIO (PP, PE, PVC, VAR → resinas; UNIB → UNIB; anything else none). */
export function businessGroupOf(negocio: string | null | undefined): BusinessGroup | null {
  const n = negocio?.trim().toUpperCase() ?? '';
  if ((RESIN_BUSINESSES as readonly string[]).includes(n)) return 'resinas';
  return n === 'UNIB' ? 'UNIB' : null;
}

/** Contract date (spec §9): a fine whose infraction is before it counts as before the contract. */
export const CONTRACT_DATE = LIMITS.contractThresholdDate;
export function contractSide(dataInfracao: string | null | undefined): 'before' | 'after' | null {
  if (!dataInfracao) return null;
  return dataInfracao < CONTRACT_DATE ? 'before' : 'after';
}

/** The BM report's years: 2012 up to the current year, newest first (spec §9). */
export const BM_FIRST_YEAR = 2012;
export function bmYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let y = currentYear; y >= BM_FIRST_YEAR; y--) years.push(y);
  return years;
}

/** `yyyy-MM` of a BM month; the first day and the first day of the next month bound it. */
export function monthBounds(year: number, month: number): { from: string; to: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  return { from: `${year}-${pad(month)}-01`, to: `${next.y}-${pad(next.m)}-01` };
}

/**
 * BM flags (spec §4): AP when DATA_APURACAO falls in the month, PG when DATA_PAGMTO does. Dates are
 * calendar days (São Paulo), compared as written: a day never moves across a month edge.
 */
export function bmFlags(
  fine: { DATA_APURACAO: string | null; DATA_PAGMTO: string | null },
  year: number,
  month: number,
): { AP: boolean; PG: boolean } {
  const { from, to } = monthBounds(year, month);
  const inMonth = (d: string | null) => !!d && d >= from && d < to;
  return { AP: inMonth(fine.DATA_APURACAO), PG: inMonth(fine.DATA_PAGMTO) };
}

/** A date that means "not set" (spec §3): 1901-01-01, 0, or empty. */
export function isUnsetDate(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === 0 ||
    value === '0' ||
    value === '' ||
    (typeof value === 'string' && value.startsWith('1901-01-01'))
  );
}
