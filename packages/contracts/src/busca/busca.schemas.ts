import { z } from 'zod';
import '../zod-locale.ts';

/** What one search box finds (issue 35), in the order its groups are shown. */
export const BUSCA_KINDS = [
  'pessoa',
  'chamado',
  'compra',
  'rh',
  'funcionario',
  'multa',
  'arquivo',
  'aviso',
  'operacao',
] as const;
export type BuscaKind = (typeof BUSCA_KINDS)[number];

/** Each group's heading in the results. */
export const BUSCA_KIND_LABELS: Record<BuscaKind, string> = {
  pessoa: 'Pessoas',
  chamado: 'Chamados',
  compra: 'Solicitações de compra',
  rh: 'Solicitações de RH',
  funcionario: 'Funcionários',
  multa: 'Multas',
  arquivo: 'Pastas e arquivos',
  aviso: 'Avisos',
  operacao: 'Anexos de operação',
};

/** Hits per group: the box shows a few of each kind, the list of that kind shows the rest. */
export const BUSCA_HITS_PER_KIND = 5;
export const BUSCA_TEXT_MIN = 2;
export const BUSCA_TEXT_MAX = 80;

export const buscaQuery = z.object({
  q: z
    .string()
    .trim()
    .min(BUSCA_TEXT_MIN, { error: `Digite ao menos ${BUSCA_TEXT_MIN} caracteres para buscar.` })
    .max(BUSCA_TEXT_MAX, { error: `A busca deve ter no máximo ${BUSCA_TEXT_MAX} caracteres.` }),
});
export type BuscaQuery = z.input<typeof buscaQuery>;

/** One found record: what it is, one line more about it, and the web address that opens it. */
export const buscaHit = z.object({
  kind: z.enum(BUSCA_KINDS),
  /** The record's id in its module (a number, or a file's or folder's key). */
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  /**
   * The address that opens the record, the one its module opens it by (e.g. /requestopened?ticket=9);
   * '' when the caller has no page for it (a person, for who does not manage users).
   */
  href: z.string(),
});
export type BuscaHit = z.infer<typeof buscaHit>;

export const buscaGroup = z.object({
  kind: z.enum(BUSCA_KINDS),
  label: z.string(),
  hits: z.array(buscaHit),
  /** More than BUSCA_HITS_PER_KIND matched; `moreHref` opens that kind's list filtered by the text. */
  more: z.boolean(),
  moreHref: z.string().optional(),
});
export type BuscaGroup = z.infer<typeof buscaGroup>;

/** Only kinds with hits, in BUSCA_KINDS order. */
export const buscaReply = z.object({ groups: z.array(buscaGroup) });
export type BuscaReply = z.infer<typeof buscaReply>;
