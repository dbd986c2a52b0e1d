import { z } from 'zod';
import { bodyId, bodyInt } from '../ids.ts';
import type { HrOption } from './hr.options.ts';

/** Field builders the HR schemas share. */

/** One of a numbered list; any problem (missing, not a number, not listed) says `message`. */
export const oneOf = (options: readonly HrOption[], message: string) =>
  bodyInt({ message }).refine((v) => options.some((o) => o.id === v), { error: message });

/**
 * HR's Unidade: the branch's id (spec §3 numbers them, 1 Matriz, 2 Mauá: the first rows' ids). The
 * server checks it is an active branch (org.names.ts checkBranchId, decision 0116).
 */
export const branchId = (message: string) => bodyId(message);

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
