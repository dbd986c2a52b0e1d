import { z } from 'zod';

/** The largest id (and integer field) either database stores in an `integer` column. */
export const MAX_INT = 2_147_483_647;
const INVALID_ID = 'Identificador inválido.';
const NOT_AN_INTEGER = 'Valor inválido: esperado um número inteiro.';
/** An integer written in text: decimal digits only. */
export const DIGITS = /^\d{1,10}$/;

export interface IntRule {
  min?: number;
  max?: number;
  /** One message for every problem (missing, wrong type, out of range); zod's otherwise. */
  message?: string;
}

/**
 * An integer in a JSON body: a JSON number and nothing else. "2", "0x2", " 7 ", true and [2] are
 * refused, never converted.
 */
export function bodyInt({ min = 0, max = MAX_INT, message }: IntRule = {}) {
  const error = message ? { error: message } : undefined;
  return z.number(error).int(error).min(min, error).max(max, error);
}

/**
 * An integer in a query string, path parameter or multipart field (text by nature): decimal digits
 * only, read as a number. "0x2", " 7 ", "1e3", "-1", "true" and "" are refused. The web may pass a
 * number: it travels as its decimal text, and is held to the same rule.
 */
export function queryInt({ min = 0, max = MAX_INT, message }: IntRule = {}) {
  return z
    .union([z.string(), z.number()], { error: message ?? NOT_AN_INTEGER })
    .transform(String)
    .pipe(z.string().regex(DIGITS, { error: message ?? NOT_AN_INTEGER }))
    .transform(Number)
    .pipe(bodyInt({ min, max, message }));
}

/** A record id in a JSON body: a positive integer JSON number. */
export const bodyId = (message: string = INVALID_ID) => bodyInt({ min: 1, message });

/** A record id in a query string, path parameter or multipart field: positive, digits only. */
export const queryId = (message: string = INVALID_ID) => queryInt({ min: 1, message });
