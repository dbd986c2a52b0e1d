import { z } from 'zod';
import { okReply } from '../http/replies.ts';
import '../zod-locale.ts';
import { formFlag } from '../http/form-fields.ts';
import { bodyId, queryId, queryInt } from '../ids.ts';
import { NOTICE_POSITION } from './notices.position.ts';

export const notice = z.object({
  id: z.number(),
  text: z.string(),
  img: z.string().nullable(),
  position: z.number(),
});
export type Notice = z.infer<typeof notice>;
export const noticeList = z.array(notice);

/** How many notices a page of /avisos holds, and the most a caller may ask for. */
export const NOTICE_PAGE_SIZE = 10;
export const NOTICE_PAGE_MAX = 50;

/** GET /api/notices: newest first, read by keyset cursor ('' or absent: the first page). */
export const noticePageQuery = z.object({
  pageSize: queryInt({ min: 1, max: NOTICE_PAGE_MAX }).default(NOTICE_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
});
export type NoticePageQuery = z.input<typeof noticePageQuery>;

/** A notice on /avisos: also when it was published and by which sector. */
export const noticeEntry = notice.extend({
  /** ISO instant of publication. */
  createdAt: z.string(),
  /** The author's sector when it was published (null for old notices without one). */
  setor: z.string().nullable(),
});
export type NoticeEntry = z.infer<typeof noticeEntry>;

export const noticePage = z.object({
  rows: z.array(noticeEntry),
  /** While older notices follow: the cursor of the next page. */
  nextCursor: z.string().optional(),
});
export type NoticePage = z.infer<typeof noticePage>;

export const banner = z.object({ id: z.number(), path: z.string(), alt: z.string() });
export type Banner = z.infer<typeof banner>;
export const bannerList = z.array(banner);

export const NOTICE_TEXT_MAX = 2000;

export const NOTICE_POSITION_OPTIONS = [
  { value: NOTICE_POSITION.retrato, label: 'Retrato' },
  { value: NOTICE_POSITION.paisagem, label: 'Paisagem' },
] as const;

const noticeText = z
  .string({ error: 'Escreva o texto do aviso.' })
  .trim()
  .min(1, { error: 'Escreva o texto do aviso.' })
  .max(NOTICE_TEXT_MAX, { error: `O aviso deve ter no máximo ${NOTICE_TEXT_MAX} caracteres.` });

/** A multipart field: text digits. */
const noticePosition = queryInt({ message: 'Escolha Retrato ou Paisagem.' }).refine(
  (v) => v === NOTICE_POSITION.paisagem || v === NOTICE_POSITION.retrato,
  {
    error: 'Escolha Retrato ou Paisagem.',
  },
);

/** What the notice form edits: the text and its format (the web form checks it with these rules). */
export const noticeFields = z.object({ text: noticeText, position: noticePosition });
export type NoticeFields = z.input<typeof noticeFields>;

/**
 * Text fields of POST /api/insert-Text (multipart text, file, userName, position, setor; spec §7).
 * userName is accepted for compatibility: the author is the session user.
 */
export const insertNoticeFields = noticeFields.extend({
  position: noticePosition.default(NOTICE_POSITION.paisagem),
  setor: z.string().max(60).optional(),
  userName: z.string().max(100).optional(),
});

/** Text fields of PUT /api/notices/:id (multipart text, position, optional file, removeImage). */
export const editNoticeFields = noticeFields.extend({ removeImage: formFlag });

export const noticeIdParams = z.object({ id: queryId() });
export const deleteNoticeBody = z.object({
  itemId: bodyId('Aviso inválido.'),
});
export const deleteBannerBody = z.object({
  id: bodyId('Banner inválido.'),
});

export const noticeSavedReply = z.object({ success: z.literal(true), message: z.string(), notice });
export const bannerSavedReply = z.object({ success: z.literal(true), message: z.string(), banner });
export const deletedReply = okReply;

/** Alt text of a banner, derived from the file name the user picked when none is given. */
export const bannerAltFields = z.object({ alt: z.string().trim().max(255).optional() });
