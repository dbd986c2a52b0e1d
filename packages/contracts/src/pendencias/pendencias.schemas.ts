import { z } from 'zod';
import '../zod-locale.ts';
import { queryId, queryInt } from '../ids.ts';
import { listTotal } from '../lists/list-total.ts';
import { LIST_PAGE_SIZE } from '../lists/page-size.ts';

/** What a line of Minhas pendências is about: a call, a purchase request, an HR request, a fine, an invitation. */
export const PENDENCIA_KINDS = ['ticket', 'purchase', 'hr', 'fine', 'event'] as const;
export type PendenciaKind = (typeof PENDENCIA_KINDS)[number];

/** The header's and the home's count: at most PENDENCIAS_COUNT_CAP, `capped` when more wait. */
export const PENDENCIAS_COUNT_CAP = 99;

/** Streams one person may hold open at once (one per tab); the oldest is closed past it. */
export const PENDENCIAS_STREAMS_PER_USER = 8;

/** Seconds between the stream's heartbeat comments (proxies and idle timeouts close a silent link). */
export const PENDENCIAS_HEARTBEAT_SECONDS = 25;

/** The name of the stream's event that says "your pendências changed". */
export const PENDENCIAS_CHANGED_EVENT = 'pendencias';

/** The stream's last event when its session ended: the tab stops (a reconnection would be refused). */
export const PENDENCIAS_END_EVENT = 'fim';

/** One line: what it is, since when, the one action it waits for, and the address that opens it. */
export const pendenciaItem = z.object({
  kind: z.enum(PENDENCIA_KINDS),
  id: z.number(),
  title: z.string(),
  /** ISO 8601: when it started to wait (a fine: its due date, yyyy-MM-dd). */
  since: z.string(),
  action: z.string(),
  /** The web address that opens the record (the one its module opens it by, e.g. /ChamadosAbertos?ticket=9). */
  href: z.string(),
});
export type PendenciaItem = z.infer<typeof pendenciaItem>;

/** Newest first, one order: a page by offset or by the previous page's cursor. */
export const pendenciasListQuery = z.object({
  page: queryInt({ min: 1 }).default(1),
  pageSize: queryInt({ min: 1, max: 200 }).default(LIST_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
});
export type PendenciasListQuery = z.input<typeof pendenciasListQuery>;

export const pendenciasListReply = z.object({
  rows: z.array(pendenciaItem),
  ...listTotal,
  page: z.number(),
  pageSize: z.number(),
  nextCursor: z.string().optional(),
});
export type PendenciasListReply = z.infer<typeof pendenciasListReply>;

export const pendenciasCountReply = z.object({ count: z.number(), capped: z.boolean() });
export type PendenciasCountReply = z.infer<typeof pendenciasCountReply>;

/** An invitation's event (Ver convite marks it seen). */
export const invitationParams = z.object({ id: queryId() });
