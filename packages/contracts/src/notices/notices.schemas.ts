import { z } from 'zod';

/** position: 0 paisagem (landscape), 1 retrato (portrait). */
export const NOTICE_POSITION = { paisagem: 0, retrato: 1 } as const;

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
