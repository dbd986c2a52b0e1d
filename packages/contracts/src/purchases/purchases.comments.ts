import { z } from 'zod';
import '../zod-locale.ts';
import { bodyId, queryId, queryInt } from '../ids.ts';
import { MSG } from '../messages.ts';

/** A comment on a purchase request's stage (spec §4), as JSON or as multipart with attachments. */
export const commentQuery = z.object({ request_id: queryId() });

const commentText = z
  .string({ error: MSG.fieldRequired })
  .trim()
  .min(1, { error: MSG.fieldRequired })
  .max(20_000, { error: 'O comentário é longo demais.' });

export const commentBody = z.object({
  stage: z.number().int().min(0).max(10),
  /** Rich HTML from the editor; the server keeps only its allowlist. */
  text: commentText,
  listMention: z.array(bodyId()).max(50).default([]),
});

/** The same comment as multipart fields (with attachments `file`): mentions as "12,15". */
export const commentFields = z.object({
  stage: queryInt({ min: 0, max: 10 }),
  text: commentText,
  listMention: z
    .string()
    .regex(/^$|^\d{1,10}(,\d{1,10}){0,49}$/, { error: MSG.invalidInput })
    .optional()
    .transform((v) => (v ? v.split(',').map(Number) : [])),
});
