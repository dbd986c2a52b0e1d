import { z } from 'zod';

/**
 * What a list's first page says of how many rows match, in every paged list reply: the server
 * counts up to LIMITS.listTotalCap (platform/lists/total.ts), so a bigger total comes as the cap
 * with `totalCapped`, and the screens say "mais de 1.000", never a wrong number (ui/ListCount.tsx).
 */
export const listTotal = {
  /** On the first page only, counted up to LIMITS.listTotalCap. */
  total: z.number().optional(),
  /** More rows match than `total` says ("mais de 1.000"). */
  totalCapped: z.boolean().optional(),
};
