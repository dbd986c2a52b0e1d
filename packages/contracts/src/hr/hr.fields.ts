import { z } from 'zod';
import { bodyInt } from '../ids.ts';
import type { HrOption } from './hr.options.ts';

/** Field builders the HR schemas share. */

/** One of a numbered list; any problem (missing, not a number, not listed) says `message`. */
export const oneOf = (options: readonly HrOption[], message: string) =>
  bodyInt({ message }).refine((v) => options.some((o) => o.id === v), { error: message });

export const listOf = (options: readonly HrOption[], message: string) =>
  z
    .array(oneOf(options, message), { error: message })
    .min(1, { error: message })
    .max(options.length, { error: message })
    .refine((v) => new Set(v).size === v.length, { error: message });

export const text = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `O campo deve ter no máximo ${max} caracteres.` });
