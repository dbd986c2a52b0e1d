/**
 * Money (ARCHITECTURE rule 7): amounts travel as decimal numbers of reais (1234.56) and are stored
 * as integer centavos; they are shown as BRL (`R$ 1.234,56`). One set of helpers for both sides.
 */
import { z } from 'zod';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** `R$ 1.234,56`; empty for a missing value. Intl puts a no-break space after `R$`. */
export function formatBRL(reais: number | null | undefined): string {
  if (reais === null || reais === undefined || !Number.isFinite(reais)) return '';
  return brl.format(reais);
}

/** Reais → integer centavos, rounded half away from zero (1234.565 → 123457). */
export function toCentavos(reais: number): number {
  return Math.sign(reais) * Math.round(Math.abs(reais) * 100 + Number.EPSILON);
}

/** Integer centavos → reais. */
export function fromCentavos(centavos: number): number {
  return centavos / 100;
}

/** An amount of a request: a finite, non-negative number of reais with at most two decimals. */
export const moneySchema = z
  .number({ error: 'Valor inválido.' })
  .finite({ error: 'Valor inválido.' })
  .min(0, { error: 'O valor não pode ser negativo.' })
  .max(999_999_999.99, { error: 'Valor muito alto.' })
  .refine((v) => Math.abs(toCentavos(v) - v * 100) < 1e-6, {
    error: 'Use no máximo duas casas decimais.',
  });
