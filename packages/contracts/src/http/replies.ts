import { z } from 'zod';

/** The answer of a change that only says it worked: `{ success: true, message }` (spec §7's shape). */
export const okReply = z.object({ success: z.literal(true), message: z.string() });
