import { z } from 'zod';
import '../zod-locale.ts';
import { NOTICE_POSITION } from './notices.position.ts';

export const notice = z.object({
  id: z.number(),
  text: z.string(),
  img: z.string().nullable(),
  position: z.number(),
});
export type Notice = z.infer<typeof notice>;
export const noticeList = z.array(notice);

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

const noticePosition = z.coerce
  .number({ error: 'Escolha Retrato ou Paisagem.' })
  .int()
  .refine((v) => v === NOTICE_POSITION.paisagem || v === NOTICE_POSITION.retrato, {
    error: 'Escolha Retrato ou Paisagem.',
  });

/**
 * Text fields of POST /api/insert-Text (multipart text, file, userName, position, setor; spec §7).
 * userName is accepted for compatibility: the author is the session user.
 */
export const insertNoticeFields = z.object({
  text: noticeText,
  position: noticePosition.default(NOTICE_POSITION.paisagem),
  setor: z.string().max(60).optional(),
  userName: z.string().max(100).optional(),
});

/** Text fields of PUT /api/notices/:id (multipart text, position, optional file, removeImage). */
export const editNoticeFields = z.object({
  text: noticeText,
  position: noticePosition,
  removeImage: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export const noticeIdParams = z.object({ id: z.coerce.number().int().positive() });
export const deleteNoticeBody = z.object({
  itemId: z.coerce.number({ error: 'Aviso inválido.' }).int().positive({ error: 'Aviso inválido.' }),
});
export const deleteBannerBody = z.object({
  id: z.coerce.number({ error: 'Banner inválido.' }).int().positive({ error: 'Banner inválido.' }),
});

export const noticeSavedReply = z.object({ success: z.literal(true), message: z.string(), notice });
export const bannerSavedReply = z.object({ success: z.literal(true), message: z.string(), banner });
export const deletedReply = z.object({ success: z.literal(true), message: z.string() });

/** Alt text of a banner, derived from the file name the user picked when none is given. */
export const bannerAltFields = z.object({ alt: z.string().trim().max(255).optional() });
