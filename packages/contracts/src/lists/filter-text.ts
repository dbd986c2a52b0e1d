import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/** A list's text filter: trimmed, at most `max` characters, and an empty one is no filter. */
export const filterText = (max: number = LIMITS.filterInputMax) =>
  z
    .string()
    .trim()
    .max(max, { error: `O filtro deve ter no máximo ${max} caracteres.` })
    .optional()
    .transform((v) => v || undefined);
