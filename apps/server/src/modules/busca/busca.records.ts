import {
  callStatusInfo,
  canListHrRequests,
  canListReceivedPurchases,
  HR_REQUEST_TYPE_LABEL,
  hrRequestListQuery,
  hrStageInfo,
  LIMITS,
  PURCHASE_STATUS_LABEL,
  type PurchaseScope,
} from '@intranet/contracts';
import { numberTyped } from '../../platform/text-search.ts';
import { searchFines } from '../fines/fines.search.queries.ts';
import { listRequests } from '../hr/hr.queries.ts';
import { searchPurchases } from '../purchases/purchases.list.queries.ts';
import { searchCalls } from '../tickets/tickets.queries.ts';
import { answerOf, type KindSearch, READ, withParam } from './busca.kind.ts';

/**
 * The workflow records one search finds (issue 35), each through its module's list scope: calls,
 * purchase and HR requests, fines.
 */

/** Calls the caller's list (Meus chamados: his own and his departments') shows: number, title, text. */
export const searchChamados: KindSearch = async (ctx, who, text) => {
  const rows = await searchCalls(ctx.db, who.user, text, READ);
  return answerOf(rows, (r) => ({
    id: String(r.id),
    title: `Chamado ${r.id} · ${r.problema}`,
    detail: `${callStatusInfo(r.status).label} · ${r.dep} · ${r.nome_usuario}`,
    href: `/Calls?ticket=${r.id}`,
  }));
};

/** Purchase requests of the lists he may open (received, his own): number, product, requester, link. */
export const searchCompras: KindSearch = async (ctx, who, text) => {
  const received = canListReceivedPurchases(who.purchase);
  const scopes: PurchaseScope[] = received ? ['received', 'mine'] : ['mine'];
  const rows = await searchPurchases(ctx.db, who.purchase, scopes, text, READ);
  const list = received ? '/requestopened' : '/requestopened?functionType=consultar';
  return answerOf(
    rows,
    (r) => ({
      id: String(r.id),
      title: `Solicitação de compra ${r.id} · ${r.descript}`,
      detail: `${PURCHASE_STATUS_LABEL[r.status] ?? r.status} · ${r.nome_usuario}`,
      href: withParam(list, 'ticket', String(r.id)),
    }),
    // The list's own text search (product, requester, number) up to its length.
    text.length <= LIMITS.purchaseSearchMax ? withParam(list, 'q', text) : undefined,
  );
};

/** HR requests of his list (all for the HR team and the approvers, else his own): number or employee. */
export const searchRh: KindSearch = async (ctx, who, text) => {
  const scope = canListHrRequests(who.hr) ? 'all' : 'mine';
  const id = numberTyped(text);
  const parsed = hrRequestListQuery.safeParse(
    id ? { scope, Id: String(id), pageSize: READ } : { scope, employeeName: text, pageSize: READ },
  );
  if (!parsed.success) return undefined;
  const { sort, dir, page, pageSize, ...filters } = parsed.data;
  const found = await listRequests(ctx.db, who.hr, filters, { sort, dir, page, pageSize });
  const list = scope === 'all' ? '/mainScreamRh' : '/requesterScreamRh';
  return answerOf(
    found.rows,
    (r) => ({
      id: String(r.Id),
      title: `${HR_REQUEST_TYPE_LABEL[r.typeRequest as keyof typeof HR_REQUEST_TYPE_LABEL] ?? 'Solicitação'} ${r.Id}${r.employeeName ? ` · ${r.employeeName}` : ''}`,
      detail: `${hrStageInfo(r.status).label} · ${r.requesterName}`,
      href: withParam(list, 'ticket', String(r.Id)),
    }),
    id ? withParam(list, 'Id', String(id)) : withParam(list, 'employeeName', text),
  );
};

/** Fines (Gestão de Multas): auto number, plate or OT starting with the text. */
export const searchMultas: KindSearch = async (ctx, _who, text) => {
  const rows = await searchFines(ctx.db, text, READ);
  return answerOf(rows, (r) => ({
    id: String(r.id),
    title: `Multa ${r.NUMERO_AUTO}`,
    detail: [r.PLACA ? `Placa ${r.PLACA}` : '', r.OT ? `OT ${r.OT}` : ''].filter(Boolean).join(' · '),
    href: withParam('/managerFines?view=2', 'NUMERO_AUTO', r.NUMERO_AUTO),
  }));
};
