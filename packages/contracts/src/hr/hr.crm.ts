import { z } from 'zod';

/** The 27 federative units, each with its own Conselho Regional de Medicina. */
// biome-ignore format: the list reads better on two lines
export const BRAZIL_UFS = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA',
  'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const;

export const CRM_INVALID = 'CRM inválido: informe o número e a UF, como 123456/SP ou CRM/SP 123456.';

const UF = `(${BRAZIL_UFS.join('|')})`;
/** 1 to 7 digits, optionally with thousands dots ("123.456", "1.234.567"). */
const NUMBER = '(\\d{1,3}\\.\\d{3}|\\d\\.\\d{3}\\.\\d{3}|\\d{1,7})';
const SEP = '[\\s/:.-]*';
/** "CRM/SP 123456", "CRM-SP nº 123456", "CRMSP 123456": the UF before the number. */
const UF_FIRST = new RegExp(`^CRM${SEP}${UF}${SEP}(?:N[º°O.]?${SEP})?${NUMBER}$`);
/** "123456/SP", "123456-SP", "123456 SP", "CRM 123456/SP", "123456": the UF after, if any. */
const NUMBER_FIRST = new RegExp(`^(?:CRM${SEP})?(?:N[º°O.]?${SEP})?${NUMBER}(?:${SEP}${UF})?$`);

/**
 * A doctor's CRM as people write it on a certificate, kept as `123456/SP` (or `123456` without a
 * UF); null when it is not one (decision 0098).
 */
export function normalizeCrm(text: string): string | null {
  const t = text.trim().toUpperCase().replace(/\s+/g, ' ');
  const ufFirst = UF_FIRST.exec(t);
  const m = ufFirst ? { uf: ufFirst[1], number: ufFirst[2] } : toParts(NUMBER_FIRST.exec(t));
  if (!m?.number) return null;
  const number = m.number.replaceAll('.', '');
  if (/^0+$/.test(number)) return null;
  return m.uf ? `${number}/${m.uf}` : number;
}

const toParts = (m: RegExpExecArray | null) => (m ? { number: m[1], uf: m[2] } : null);

/** The CRM field of a medical leave: any written form normalizeCrm reads; else CRM_INVALID. */
export const crmSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .transform((v, ctx) => {
      const crm = normalizeCrm(v);
      if (crm === null) {
        ctx.addIssue({ code: 'custom', message: CRM_INVALID });
        return z.NEVER;
      }
      return crm;
    });
