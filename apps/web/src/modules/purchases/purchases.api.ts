import {
  purchasesCalls as calls,
  LIMITS,
  MSG,
  PURCHASE_COLUMNS,
  type PurchaseScope,
  ticketsCalls,
} from '@intranet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callUrl, type WebCallInput } from '../../api/call.ts';
import { type MutationFeedback, successMessage } from '../../api/query-client.ts';
import { useServerTable } from '../../ui/useServerTable.ts';

export const purchasesKey = ['purchases'] as const;

/**
 * What a step taken inside a request's detail says: its toast lasts 3 s, as the tickets panel's
 * (spec §2), instead of lingering over the next step's button.
 */
const inDetail = (feedback: MutationFeedback): MutationFeedback => ({
  ...feedback,
  autoClose: LIMITS.ticketToastMs,
});

/**
 * The received list (SOLICITAÇÕES DE COMPRAS) or the consultation of one's own requests: filters and
 * sort in the URL, rows page by page, solicitacoes.xlsx of the same view. The server counts only on
 * the first page; later pages say whether more follow.
 */
export function usePurchaseTable(scope: PurchaseScope, extra: { q?: string; waiting?: '1' } = {}) {
  return useServerTable({
    queryKey: [...purchasesKey, 'list', scope, extra],
    columns: PURCHASE_COLUMNS,
    defaultSort: { id: 'date', dir: 'desc' },
    fetchPage: async ({ filters, ...page }, signal) => {
      const res = await call(calls.list, { query: { scope, ...extra, ...filters, ...page } }, { signal });
      const more = res.rows.length === res.pageSize ? 1 : 0;
      return { ...res, total: res.total ?? (res.page - 1) * res.pageSize + res.rows.length + more };
    },
    exportUrl: ({ filters, sort, dir }) =>
      callUrl(calls.exportList, { query: { scope, ...extra, ...filters, sort, dir } }),
  });
}

export function usePurchaseDetail(id: number | null) {
  return useQuery({
    queryKey: [...purchasesKey, 'detail', id],
    queryFn: ({ signal }) => call(calls.detail, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

export function useQuotes(id: number | null) {
  return useQuery({
    queryKey: [...purchasesKey, 'quotes', id],
    queryFn: ({ signal }) => call(calls.getQuote, { query: { ticket: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

export function useComments(id: number | null) {
  return useQuery({
    queryKey: [...purchasesKey, 'comments', id],
    queryFn: ({ signal }) => call(calls.comments, { query: { request_id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

export function usePickerUsers(text: string, enabled: boolean) {
  return useQuery({
    queryKey: [...purchasesKey, 'users', text],
    queryFn: ({ signal }) => call(calls.users, { query: { q: text || undefined } }, { signal }),
    enabled,
  });
}

/** "Quem retirou" of a request: its requester first, then the users of Compras. */
export function usePickupCandidates(requestId: number, text: string, enabled: boolean) {
  return useQuery({
    queryKey: [...purchasesKey, 'pickers', requestId, text],
    queryFn: ({ signal }) =>
      call(
        calls.pickupCandidates,
        { params: { id: requestId }, query: { q: text || undefined } },
        { signal },
      ),
    enabled,
  });
}

/**
 * The users the comment editor offers after "@": the picker's users call (Compras users, by name
 * or matrícula), cached per text like the picker's own list.
 */
export function useMentionSearch() {
  const client = useQueryClient();
  return async (text: string) => {
    const q = text.trim();
    const users = await client.fetchQuery({
      queryKey: [...purchasesKey, 'users', q],
      queryFn: ({ signal }) => call(calls.users, { query: { q: q || undefined } }, { signal }),
      staleTime: 60_000,
    });
    return users.map((u) => ({ id: u.id, label: u.nome, description: `Matrícula ${u.matricula}` }));
  };
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: purchasesKey });
}

export function useOpenPurchase() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: WebCallInput<typeof calls.open>) => call(calls.open, input),
    onSuccess: invalidate,
    meta: { error: 'A solicitação não foi enviada.' },
  });
}

/** A workflow move; Registrar Retirada may carry the pickup's evidence files (then sent as multipart). */
export function useTransition(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      files,
      ...fields
    }: WebCallInput<typeof calls.transition>['fields'] & { files?: File[] }) =>
      call(calls.transition, { params: { id }, fields, files }),
    onSettled: invalidate,
    meta: inDetail({ error: 'Não foi possível mudar a etapa.', success: successMessage }),
  });
}

export function useSelectQuote(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.selectQuote>['body']) =>
      call(calls.selectQuote, { params: { id }, body }),
    onSettled: invalidate,
    meta: inDetail({ error: 'Não foi possível selecionar a cotação.', success: successMessage }),
  });
}

export function useSetInQuote(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (inQuote: boolean) => call(calls.setInQuote, { params: { id }, body: { inQuote } }),
    onSettled: invalidate,
    meta: inDetail({ error: 'Não foi possível alterar a cotação.', success: successMessage }),
  });
}

/** The rows of Inserir Cotação, one insertCotacao each (spec §7); one toast for the whole set. */
export function useInsertQuotes() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (rows: WebCallInput<typeof calls.insertCotacao>[]) => {
      for (const row of rows) await call(calls.insertCotacao, row);
    },
    onSettled: invalidate,
    meta: inDetail({ error: MSG.quotesSendError, success: MSG.quoteSent }),
  });
}

export function useUpdateQuote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: WebCallInput<typeof calls.updateCotac>) => call(calls.updateCotac, input),
    onSettled: invalidate,
    meta: inDetail({ error: MSG.quoteSendError, success: MSG.quoteSent }),
  });
}

export function useDropQuote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (quote_id: number) => call(calls.dropCotac, { body: { quote_id } }),
    onSettled: invalidate,
    meta: inDetail({ error: 'Erro ao excluir cotação', success: successMessage }),
  });
}

export function useDropRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(calls.dropRequest, { body: { params: { id } } }),
    onSuccess: invalidate,
    meta: { error: 'Não foi possível cancelar a solicitação.', success: successMessage },
  });
}

interface CommentInput {
  stage: number;
  text: string;
  listMention: number[];
  files: File[];
}

/** A stage comment, sent as multipart with its attachments. */
export function useAddComment(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ stage, text, listMention, files }: CommentInput) =>
      call(calls.addComment, {
        params: { id },
        fields: { stage: String(stage), text, listMention: listMention.join(',') },
        files,
      }),
    onSuccess: invalidate,
    meta: inDetail({ error: 'Erro ao enviar comentário.', success: successMessage }),
  });
}

export const purchaseFileUrl = (filepath: string) => `/api/${filepath}`;

export function useRequestMaterials(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (descript: string) => call(calls.requestMaterials, { params: { id }, body: { descript } }),
    onSuccess: invalidate,
    meta: inDetail({ error: 'Não foi possível solicitar a lista de materiais.', success: successMessage }),
  });
}

/** The materials list of the request's call (the tickets module's getListMaterials). */
export function useMaterials(callId: number | null) {
  return useQuery({
    queryKey: [...purchasesKey, 'materials', callId],
    queryFn: ({ signal }) =>
      call(ticketsCalls.listMaterials, { query: { chamado_id: callId ?? 0 } }, { signal }),
    enabled: callId !== null,
  });
}

/** Aceitar (21 → 23) / Recusar (21 or 23 → 22) of the materials call: the tickets module's setCall. */
export function useMaterialsDecision(callId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (status: number) => call(ticketsCalls.setStatus, { body: { id: callId, status } }),
    onSettled: invalidate,
    meta: inDetail({ error: MSG.ticketStatusError, success: successMessage }),
  });
}
