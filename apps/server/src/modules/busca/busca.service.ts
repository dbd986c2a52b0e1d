import {
  BUSCA_KIND_LABELS,
  BUSCA_KINDS,
  type BuscaGroup,
  type BuscaKind,
  type BuscaQuery,
  type BuscaReply,
  canManageAttachments,
  canManageEmployees,
  canManageFines,
  canReadNotices,
  type SessionUser,
} from '@intranet/contracts';
import type { AppContext } from '../../platform/context.ts';
import { hrActor } from '../hr/hr.approvers.ts';
import { actorFromDesks } from '../purchases/purchases.service.ts';
import {
  searchArquivos,
  searchAvisos,
  searchFuncionarios,
  searchOperacoes,
  searchPessoas,
} from './busca.directory.ts';
import type { KindSearch, Searcher } from './busca.kind.ts';
import { searchChamados, searchCompras, searchMultas, searchRh } from './busca.records.ts';

/**
 * Which kinds a caller may search: the policy that lets him open that kind's list (denied by
 * default). Calls, purchase and HR requests: every member has his own list; the HR team and the
 * approvers see every HR request (busca.records.ts#searchRh), as their list does.
 */
const MAY_LIST: Record<BuscaKind, (who: Searcher) => boolean> = {
  pessoa: () => true,
  chamado: () => true,
  compra: () => true,
  rh: () => true,
  funcionario: (who) => canManageEmployees(who.user),
  multa: (who) => canManageFines(who.user),
  arquivo: () => true,
  aviso: (who) => canReadNotices(who.user),
  operacao: (who) => canManageAttachments(who.user),
};

const SEARCH: Record<BuscaKind, KindSearch> = {
  pessoa: searchPessoas,
  chamado: searchChamados,
  compra: searchCompras,
  rh: searchRh,
  funcionario: searchFuncionarios,
  multa: searchMultas,
  arquivo: searchArquivos,
  aviso: searchAvisos,
  operacao: searchOperacoes,
};

/** The kinds the caller may search (the authorisation test and the web's hints read the same map). */
export const searchableKinds = (who: Searcher): BuscaKind[] => BUSCA_KINDS.filter((k) => MAY_LIST[k](who));

/**
 * The caller as each kind's list decides (purchases' director flag, HR's desks), read once for
 * every kind: the director from the desks HR's actor loaded (bench:busca, every row: two
 * statements fewer per search).
 */
export async function searcherOf(ctx: AppContext, user: SessionUser): Promise<Searcher> {
  const hr = await hrActor(ctx.db, user);
  return { user, purchase: actorFromDesks(user, hr), hr };
}

/**
 * One search (issue 35): every kind the caller may list, concurrently, each through its list's
 * scope; only kinds with hits, in BUSCA_KINDS order.
 */
export async function search(ctx: AppContext, user: SessionUser, query: BuscaQuery): Promise<BuscaReply> {
  const text = query.q.trim();
  const who = await searcherOf(ctx, user);
  const kinds = searchableKinds(who);
  const answers = await Promise.all(kinds.map((kind) => SEARCH[kind](ctx, who, text)));
  const groups: BuscaGroup[] = [];
  kinds.forEach((kind, i) => {
    const answer = answers[i];
    if (!answer || answer.hits.length === 0) return;
    groups.push({
      kind,
      label: BUSCA_KIND_LABELS[kind],
      hits: answer.hits.map((h) => ({ kind, ...h })),
      more: answer.more,
      ...(answer.more && answer.moreHref ? { moreHref: answer.moreHref } : {}),
    });
  });
  return { groups };
}
