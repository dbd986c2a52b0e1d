import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { MSG } from '@intranet/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { StorageUnavailable } from '../storage/storage.ts';
import { isDatabaseUnreachable, unreachableWarnings } from './database-unreachable.ts';

/** An error whose message is safe to show to the user, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string = MSG.invalidInput) => new HttpError(400, message);
export const unauthorized = (message: string = MSG.unauthenticated) => new HttpError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MSG.apiNotFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string = MSG.payloadTooLarge) => new HttpError(413, message);
export const unsupportedMedia = (message: string) => new HttpError(415, message);

/** Throws 403 unless the policy decision allows the action. */
export function authorize(allowed: boolean, message: string = MSG.forbidden): asserts allowed {
  if (!allowed) throw forbidden(message);
}

/** Portuguese texts for the client faults Fastify and its plugins raise themselves. */
export const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'O endereço da requisição é inválido.',
  FST_ERR_MAX_PARAM_LENGTH: 'O endereço da requisição é longo demais.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'O corpo da requisição não é um JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'O corpo da requisição é grande demais.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Tamanho do conteúdo inválido.',
  FST_REQ_FILE_TOO_LARGE: MSG.payloadTooLarge,
  FST_PARTS_LIMIT: 'Partes demais no formulário.',
  FST_FILES_LIMIT: 'Arquivos demais no envio.',
  FST_FIELDS_LIMIT: 'Campos demais no formulário.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'O envio deve ser multipart/form-data.',
  FST_ERR_VALIDATION: MSG.invalidInput,
};

function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return MSG.invalidInput;
  const first = error.validation[0];
  if (!first) return MSG.invalidInput;
  return first.message || MSG.invalidInput;
}

/**
 * SQLite's lock was held longer than busy_timeout by another server process (several WORKERS on
 * one file, e.g. during a large import): the change was not made and may be sent again.
 */
const isDatabaseBusy = (error: { code?: string }) =>
  error.code === 'SQLITE_BUSY' || error.code?.startsWith('SQLITE_BUSY_');

/**
 * PostgreSQL refused a value as data (SQLSTATE class 22: a number out of its column's range, text
 * that is no number or date, a NUL byte): such values come from the client (a forged cursor's id
 * past int4 reached the database), so this is its fault, a 400, not a 500. SQLite stores them.
 */
const isDataException = (error: { code?: string }) => /^22[0-9A-Z]{3}$/.test(error.code ?? '');

export function registerErrorHandling(app: FastifyInstance): void {
  const warnUnreachable = unreachableWarnings();
  const warnStorage = unreachableWarnings();
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ ...error.extra, error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ error: validationMessage(error) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'resposta fora do contrato');
      return reply.status(500).send({ error: MSG.internalError });
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'banco ocupado por outra escrita');
      return reply.status(503).header('retry-after', '5').send({ error: MSG.databaseBusy });
    }
    if (error instanceof StorageUnavailable) {
      if (warnStorage())
        request.log.warn({ reason: String(error.cause) }, 'armazenamento de arquivos inacessível');
      return reply.status(503).header('retry-after', '5').send({ error: MSG.storageUnavailable });
    }
    if (isDatabaseUnreachable(error)) {
      if (warnUnreachable()) {
        request.log.warn({ code: error.code, reason: error.message }, 'banco de dados inacessível');
      }
      return reply.status(503).header('retry-after', '5').send({ error: MSG.databaseUnavailable });
    }
    if ((error as { code?: string }).code === 'ENOSPC') {
      request.log.error({ err: error }, 'disco cheio');
      return reply.status(507).send({ error: MSG.serverDiskFull });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'valor recusado pelo banco');
      return reply.status(400).send({ error: MSG.invalidInput });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FRAMEWORK_MESSAGES[error.code]) || MSG.invalidInput;
      return reply.status(status).send({ error: status === 429 ? MSG.tooManyRequests : message });
    }
    request.log.error({ err: error }, 'erro interno');
    return reply.status(500).send({ error: MSG.internalError });
  });
}

/** Statuses of the faults Fastify raises before routing (a malformed or too long path). */
const FRAMEWORK_STATUS: Record<string, number> = { FST_ERR_BAD_URL: 400, FST_ERR_MAX_PARAM_LENGTH: 414 };

/** Fastify's `frameworkErrors`: faults found before any route or hook runs. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = FRAMEWORK_STATUS[error.code];
  if (!status) {
    request.log.error({ err: error }, 'erro interno');
    reply.status(500).send({ error: MSG.internalError });
    return;
  }
  reply.status(status).send({ error: FRAMEWORK_MESSAGES[error.code] });
}

/** What Node's HTTP parser refuses (bad request line, header overflow, timeouts), in Portuguese. */
export const CLIENT_ERROR_MESSAGES = {
  400: 'Requisição malformada.',
  408: 'O tempo para enviar a requisição se esgotou.',
  431: 'Os cabeçalhos da requisição são grandes demais.',
} as const;

/**
 * Fastify's `clientErrorHandler`: answers on the raw socket, as Node does, but with a Portuguese
 * JSON body (Fastify's default is English).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ error: CLIENT_ERROR_MESSAGES[status] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
