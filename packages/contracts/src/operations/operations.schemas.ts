import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';

/** Spec §5 and §9: the OT (work order) is numeric and has at least 6 characters. */
export const OT_MAX_LENGTH = 20;
export const OT_MESSAGE = `A OT deve ter apenas números, com pelo menos ${LIMITS.otMinLength} dígitos.`;

export const otSchema = z
  .string({ error: OT_MESSAGE })
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.otMinLength},${OT_MAX_LENGTH}}$`), OT_MESSAGE);

/** Spec §3/§9: four slots per OT: 1–3 take a video, 4 an image. */
export const OPERATION_SLOTS = [1, 2, 3, 4] as const;
export type OperationSlot = (typeof OPERATION_SLOTS)[number];
export type SlotKind = 'video' | 'image';
export const slotKind = (slot: OperationSlot): SlotKind => (slot <= 3 ? 'video' : 'image');
export const slotSchema = z.coerce
  .number({ error: 'Posição de anexo inválida.' })
  .int('Posição de anexo inválida.')
  .min(1, 'Posição de anexo inválida.')
  .max(LIMITS.operationSlots, 'Posição de anexo inválida.')
  .transform((n) => n as OperationSlot);

/**
 * Spec §5 type lists as the types file-type reads from a file's first bytes (mp4, avi, mkv, mov,
 * webm, flv, wmv; png, jpeg/jpg, gif, bmp, webp). SVG is text: it has no signature to check by
 * content, so the server does not accept it (decision 0059).
 */
export const OPERATION_MIMES: Record<SlotKind, readonly string[]> = {
  video: [
    'video/mp4',
    'video/x-m4v',
    'video/vnd.avi',
    'video/matroska',
    'video/quicktime',
    'video/webm',
    'video/x-flv',
    'video/x-ms-asf',
    'application/vnd.ms-asf',
  ],
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp'],
};

/** What the file pickers offer (the server decides by content anyway). */
export const OPERATION_ACCEPT: Record<SlotKind, string> = {
  video: 'video/*,.mp4,.avi,.mkv,.mov,.webm,.flv,.wmv',
  image: 'image/*,.png,.jpeg,.jpg,.gif,.bmp,.webp',
};

export const OPERATION_MAX_BYTES: Record<SlotKind, number> = {
  video: LIMITS.operationVideoMaxBytes,
  image: LIMITS.operationImageMaxBytes,
};

/** The metadata each resumable upload declares (tus Upload-Metadata). */
export const operationUploadMetadata = z.object({
  ot: otSchema,
  slot: slotSchema,
  filename: z.string().trim().max(255).optional(),
});
export type OperationUploadMetadata = z.output<typeof operationUploadMetadata>;

/** Spec §3: an attachment as read: ot and filepath (under /api), plus its slot and type. */
export const operationAttachment = z.object({
  id: z.number().int(),
  ot: z.string(),
  slot: z.number().int(),
  filepath: z.string(),
  mime: z.string(),
  kind: z.enum(['video', 'image']),
  name: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type OperationAttachment = z.output<typeof operationAttachment>;

export const operationQuery = z.object({ ot: otSchema });
export const operationReply = z.array(operationAttachment);

/** The browser's folder list: OTs whose number contains `search`, paged by OT. */
export const otListQuery = z.object({
  search: z
    .string()
    .trim()
    .regex(/^\d*$/, 'Informe apenas números para procurar a OT.')
    .max(OT_MAX_LENGTH)
    .optional(),
  after: z.string().regex(/^\d+$/).max(OT_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const otFolder = z.object({ ot: z.string(), files: z.number().int(), lastAt: z.string() });
export const otListReply = z.object({ rows: z.array(otFolder), next: z.string().nullable() });
export type OtFolder = z.output<typeof otFolder>;

export const operationFileParams = z.object({
  name: z.string().regex(/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/, 'Arquivo não encontrado.'),
});

/** An upload id of the tus store (32 hex characters). */
export const operationUploadParams = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, 'Envio não encontrado.'),
});

/** The answer to the last PATCH of an upload: the attachment it became. */
export const operationUploadFinished = z.object({ attachment: operationAttachment });

export const OPERATION_TYPE_MESSAGE: Record<SlotKind, string> = {
  video: MSG.operationVideoType,
  image: MSG.operationImageType,
};
