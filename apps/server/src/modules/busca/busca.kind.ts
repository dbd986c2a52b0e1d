import {
  BUSCA_HITS_PER_KIND,
  type BuscaHit,
  type HrActor,
  type PurchaseActor,
  type SessionUser,
} from '@intranet/contracts';
import type { AppContext } from '../../platform/context.ts';

/** The caller as each kind's list decides: his session, purchases' actor, HR's actor. */
export interface Searcher {
  user: SessionUser;
  purchase: PurchaseActor;
  hr: HrActor & SessionUser;
}

/** One kind's answer: a few hits, whether its list has more, and that list filtered by the text. */
export interface KindAnswer {
  hits: Omit<BuscaHit, 'kind'>[];
  more: boolean;
  moreHref?: string;
}

/** A kind's search: undefined when its list does not take this text (e.g. letters for an OT). */
export type KindSearch = (ctx: AppContext, who: Searcher, text: string) => Promise<KindAnswer | undefined>;

/** Each kind reads one more row than it shows, to know whether there are more. */
export const READ = BUSCA_HITS_PER_KIND + 1;

/** The answer of rows read with READ: the first BUSCA_HITS_PER_KIND as hits. */
export function answerOf<R>(
  rows: readonly R[],
  hit: (row: R) => KindAnswer['hits'][number],
  moreHref?: string,
): KindAnswer {
  return {
    hits: rows.slice(0, BUSCA_HITS_PER_KIND).map(hit),
    more: rows.length > BUSCA_HITS_PER_KIND,
    ...(moreHref ? { moreHref } : {}),
  };
}

/** `path?name=value`, the value URI-encoded. */
export const withParam = (path: string, name: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
