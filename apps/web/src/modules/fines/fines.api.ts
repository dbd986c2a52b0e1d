import {
  BUSINESS_FILTER,
  finesCalls as calls,
  cleanFilters,
  FINE_COLUMNS,
  type FineFiltersInput,
  type FineImportJob,
  type FineImportPreview,
  type FineImportReading,
  type FineInput,
  type FineUpdateBody,
  filterQuery,
  MSG,
  RESPONSIBLE_FILTER,
} from '@intranet/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { call, callUrl } from '../../api/call.ts';
import { ApiError } from '../../api/client.ts';
import { successMessage } from '../../api/query-client.ts';
import { useLoadMore } from '../../ui/useLoadMore.ts';
import { useServerTable } from '../../ui/useServerTable.ts';

export const finesKey = ['fines'] as const;

/** The filter-bar parameters that are not table columns (fines.columns.ts says why). */
export const BAR_PARAMS = ['responsible', 'business', 'UNIDADE', 'TRANSP'] as const;
export type BarParam = (typeof BAR_PARAMS)[number];

const oneOf = <T extends readonly string[]>(values: T, v: string | null): T[number] | undefined =>
  values.find((x) => x === v);

/**
 * The left filter bar's state, all in the page URL (spec §2): the column filters as the table
 * reads them, plus responsible, business, unit and carrier. `query` is what every fines call takes.
 */
export function useFineFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(() => {
    const url = new URLSearchParams(search);
    const columns = cleanFilters(FINE_COLUMNS, Object.fromEntries(url));
    const bar = {
      responsible: oneOf(RESPONSIBLE_FILTER, url.get('responsible')),
      business: oneOf(BUSINESS_FILTER, url.get('business')),
      UNIDADE: url.get('UNIDADE')?.slice(0, 60) || undefined,
      TRANSP: url.get('TRANSP')?.slice(0, 120) || undefined,
    };
    const query: FineFiltersInput = { ...filterQuery(FINE_COLUMNS, columns), ...bar };
    return { columns, bar, query };
  }, [search]);

  /** Replaces every filter at once (the bar's Filtrar / Limpar); other parameters stay. */
  const apply = useCallback(
    (values: Record<string, string | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const columns = cleanFilters(FINE_COLUMNS, values);
          for (const c of FINE_COLUMNS) {
            if (!c.filter) continue;
            const v = columns[c.id];
            if (v === undefined) next.delete(c.id);
            else next.set(c.id, v);
          }
          for (const p of BAR_PARAMS) {
            const v = values[p];
            if (v && v !== 'all') next.set(p, v);
            else next.delete(p);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { ...state, apply };
}

/** The data table: the bar's filters, sort in the URL, keyset pages as it scrolls. */
export function useFineTable(filters: FineFiltersInput) {
  const { responsible, business, UNIDADE, TRANSP } = filters;
  const bar = { responsible, business, UNIDADE, TRANSP };
  return useServerTable({
    queryKey: [...finesKey, 'list', bar],
    columns: FINE_COLUMNS,
    defaultSort: { id: 'DATA_INFRACAO', dir: 'desc' },
    fetchPage: async ({ filters: columnFilters, sort, dir, page, pageSize, cursor }, signal) => {
      const query = { ...columnFilters, ...bar, sort, dir, pageSize, cursor: cursor || undefined };
      return { ...(await call(calls.list, { query }, { signal })), page, pageSize };
    },
  });
}

export const exportFinesUrl = (filters: FineFiltersInput) => callUrl(calls.exportList, { query: filters });
export const exportBmUrl = (year: number, month: number) =>
  callUrl(calls.exportBm, { query: { year, month } });

export function useFineAggregates(filters: FineFiltersInput) {
  return useQuery({
    queryKey: [...finesKey, 'aggregates', filters],
    queryFn: ({ signal }) => call(calls.aggregates, { query: filters }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFineOptions() {
  return useQuery({
    queryKey: [...finesKey, 'options'],
    queryFn: ({ signal }) => call(calls.options, {}, { signal }),
    staleTime: 60_000,
  });
}

/** The BM report of a month, a page at a time as its table scrolls. */
export function useBmReport(year: number, month: number) {
  const query = useInfiniteQuery({
    queryKey: [...finesKey, 'bm', year, month],
    queryFn: ({ pageParam, signal }) =>
      call(calls.bm, { query: { year, month, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.nextCursor ? Number(last.nextCursor) : undefined),
  });
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.rows) ?? [], [query.data]);
  return { query, rows, total: query.data?.pages[0]?.total ?? rows.length, loadMore: useLoadMore(query) };
}

function useInvalidateFines() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: finesKey });
}

/** Saves an edited row; failure toast 'Erro ao Atualizar Multa', success the server's message (spec §8). */
export function useUpdateFine() {
  const invalidate = useInvalidateFines();
  return useMutation({
    mutationFn: (body: FineUpdateBody) => call(calls.updateFine, { body }),
    onSuccess: invalidate,
    meta: { error: MSG.fineUpdateError, success: successMessage },
  });
}

/** Inserts a fine; the form shows the server's refusal itself (message and required fields). */
export function useInsertFine() {
  const invalidate = useInvalidateFines();
  return useMutation({
    mutationFn: (body: FineInput) => call(calls.insertFine, { body }),
    onSuccess: invalidate,
    meta: { error: false, success: successMessage },
  });
}

/** How often the import dialog asks for a running import's progress. */
const IMPORT_POLL_MS = 500;
/** Polls in a row that may fail to reach the server before the dialog gives up following. */
const IMPORT_POLL_RETRIES = 5;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks for `ask()` every IMPORT_POLL_MS while `running(state)`, handing each answer to `onProgress`.
 * A poll that cannot reach the server is asked again a few times (on SQLite a poll may wait for an
 * import's transaction past the server's idle timeout); an answer of the server (404: the job is
 * unknown, e.g. after a restart) ends it with that answer's message. Stops when `signal` aborts.
 */
async function follow<T>(
  first: T,
  running: (state: T) => boolean,
  ask: () => Promise<T>,
  onProgress?: (state: T) => void,
  signal?: AbortSignal,
): Promise<T> {
  let state = first;
  signal?.throwIfAborted();
  onProgress?.(state);
  let lost = 0;
  while (running(state)) {
    await pause(IMPORT_POLL_MS);
    signal?.throwIfAborted();
    try {
      state = await ask();
      lost = 0;
    } catch (err) {
      if (err instanceof ApiError || ++lost > IMPORT_POLL_RETRIES) throw err;
      continue;
    }
    signal?.throwIfAborted();
    onProgress?.(state);
  }
  return state;
}

/**
 * Import, step 1: uploads the .xlsx (upload progress to `onUpload`), then follows the server's
 * reading job (rows read so far to `onReading`) until its preview is ready; nothing is written.
 * A failed reading fails with its reason. The dialog shows the error itself.
 */
export function useFineImportPreview() {
  return useMutation({
    mutationFn: async ({
      file,
      onUpload,
      onReading,
      signal,
    }: {
      file: File;
      onUpload?: (fraction: number) => void;
      onReading?: (reading: FineImportReading) => void;
      signal?: AbortSignal;
    }): Promise<FineImportPreview> => {
      const started = await call(
        calls.importPreview,
        { fields: {}, files: [file] },
        { onUploadProgress: onUpload, signal },
      );
      const end = await follow(
        started,
        (r) => r.state === 'reading',
        () => call(calls.importReading, { params: { id: started.importId } }, { signal }),
        onReading,
        signal,
      );
      if (end.state === 'failed' || !end.preview) throw new ApiError(400, end.message, end);
      return end.preview;
    },
    meta: { error: false },
  });
}

/**
 * Import, step 2: starts the server's import job (one transaction) and follows it until it ends,
 * handing each progress report to `onProgress`; resolves with the finished job (its message is the
 * success toast) or fails with the job's reason (nothing was written). The tables and dashboards
 * reload. A long import never rides on one long request (decision 0076).
 */
export function useFineImportCommit() {
  const invalidate = useInvalidateFines();
  return useMutation({
    mutationFn: async ({ id, onProgress }: { id: string; onProgress?: (job: FineImportJob) => void }) => {
      const started = await call(calls.importCommit, { params: { id } });
      const job = await follow(
        started,
        (j) => j.state === 'running',
        () => call(calls.importStatus, { params: { id } }),
        onProgress,
      );
      if (job.state === 'failed') throw new ApiError(500, job.message, job);
      return job;
    },
    onSuccess: invalidate,
    meta: { error: 'Erro ao importar a planilha', success: successMessage },
  });
}

/** Import, or step 2: drops the previewed file. */
export function useFineImportCancel() {
  return useMutation({
    mutationFn: (id: string) => call(calls.importCancel, { params: { id } }),
    meta: { error: false },
  });
}
