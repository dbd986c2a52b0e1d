import path from 'node:path';
import {
  LIMITS,
  MSG,
  OPERATION_MAX_BYTES,
  OPERATION_UPLOAD_PATH,
  operationUploadMetadata,
  type SessionUser,
  slotKind,
} from '@intranet/contracts';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest } from 'srvx/node';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/errors.ts';
import { attachUpload } from './operations.service.ts';

/** A refusal in a tus hook: tus sends this status and body (JSON, as every error of the API). */
const tusError = (status: number, error: string) => ({
  status_code: status,
  body: JSON.stringify({ error }),
});

/** The signed-in user of each request handed to tus (set by the route before tus runs). */
const usersOfRequests = new WeakMap<object, SessionUser>();

/** Portuguese texts for the protocol errors tus answers in English plain text. */
const TUS_ERRORS: Record<number, string> = {
  400: 'Cabeçalhos do envio inválidos.',
  403: 'Envio não permitido.',
  404: MSG.operationUploadNotFound,
  409: 'A posição do envio não confere com a do servidor (Upload-Offset).',
  410: 'Este envio expirou. Envie o arquivo novamente.',
  412: 'Versão do protocolo de envio não suportada (Tus-Resumable: 1.0.0).',
  413: MSG.operationTooLarge,
  415: 'O conteúdo do envio deve ser application/offset+octet-stream.',
  460: 'O arquivo chegou corrompido. Envie novamente.',
};

function jsonError(status: number, text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'error' in parsed) return text;
  } catch {
    // tus's own plain-text error
  }
  return JSON.stringify({ error: TUS_ERRORS[status] ?? MSG.operationSendError });
}

/**
 * Lets tus answer a request of the caller: the raw request (its body unread) goes to tus, and tus's
 * answer goes out through Fastify's reply (so the security headers and hooks apply), every error
 * as JSON `{ error }` in Portuguese like the rest of the API.
 */
export async function passToTus(
  uploads: OperationUploads,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
): Promise<FastifyReply> {
  usersOfRequests.set(request.raw, user);
  const answer = await uploads.tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
  for (const [name, value] of answer.headers) {
    // Fastify sets the length and type itself; same origin only, so no CORS headers.
    if (name === 'content-length' || name === 'content-type' || name.startsWith('access-control-')) continue;
    reply.header(name, value);
  }
  reply.status(answer.status);
  const text = await answer.text();
  if (answer.status >= 400)
    return reply.type('application/json; charset=utf-8').send(jsonError(answer.status, text));
  if (!text) return reply.send();
  return reply.type(answer.headers.get('content-type') ?? 'application/json; charset=utf-8').send(text);
}

function userOf(req: { runtime?: { node?: { req?: object } } }): SessionUser {
  const raw = req.runtime?.node?.req;
  const user = raw && usersOfRequests.get(raw);
  if (!user) throw tusError(401, MSG.unauthenticated);
  return user;
}

const OWNER_KEY = 'userId';

/** Where unfinished uploads wait: on the server's disk, whatever the Storage driver. */
export const uploadDirectory = (dataDir: string) => path.join(dataDir, 'uploads', 'operation');

const uploadStore = (directory: string) =>
  new FileStore({ directory, expirationPeriodInMilliseconds: LIMITS.operationUploadExpiryHours * 3600_000 });

/** Drops the unfinished uploads older than a day (the periodic sweep runs this); answers how many. */
export function sweepStaleUploads(dataDir: string): Promise<number> {
  return uploadStore(uploadDirectory(dataDir)).deleteExpired();
}

const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Sweeps the unfinished uploads every hour (or `everyMs`) until the answer is called. One process
 * of a server must do it: the app when it runs alone, the primary when it runs workers (main.ts).
 * Two sweeps of the folder at once remove the same files, and the slower one fails.
 */
export function scheduleUploadSweep(
  dataDir: string,
  onError: (err: unknown) => void,
  everyMs = SWEEP_EVERY_MS,
): () => void {
  const timer = setInterval(() => {
    sweepStaleUploads(dataDir).catch(onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export interface OperationUploads {
  tus: Server;
  store: FileStore;
  /** The owner of an upload, or undefined when there is no such upload. */
  ownerOf(id: string): Promise<number | undefined>;
}

/**
 * The resumable upload endpoint (tus 1.0.0 with @tus/server and its file store under
 * DATA_DIR/uploads/operation). A finished upload is checked and moved into Storage by
 * operations.service.ts#attachUpload; its answer carries the attachment.
 */
export function createOperationUploads(ctx: AppContext, log: FastifyBaseLogger): OperationUploads {
  const directory = uploadDirectory(ctx.config.dataDir);
  const store = uploadStore(directory);
  const tus = new Server({
    path: OPERATION_UPLOAD_PATH,
    datastore: store,
    relativeLocation: true,
    // The web app is served from the same origin: no cross-origin client is welcome.
    allowedOrigins: () => false,
    maxSize: Math.max(...Object.values(OPERATION_MAX_BYTES)),
    async onUploadCreate(req, upload) {
      const user = userOf(req);
      const meta = operationUploadMetadata.safeParse(upload.metadata ?? {});
      if (!meta.success) throw tusError(400, meta.error.issues[0]?.message ?? MSG.invalidInput);
      if (upload.size === undefined) throw tusError(400, 'Informe o tamanho do arquivo (Upload-Length).');
      if (upload.size === 0) throw tusError(400, MSG.uploadEmpty);
      if (upload.size > OPERATION_MAX_BYTES[slotKind(meta.data.slot)])
        throw tusError(413, MSG.operationTooLarge);
      // The owner is the session's user, whatever the client wrote in its metadata.
      return { metadata: { ...upload.metadata, [OWNER_KEY]: String(user.userId) } };
    },
    async onUploadFinish(req, upload: Upload) {
      const user = userOf(req);
      const meta = operationUploadMetadata.parse(upload.metadata ?? {});
      try {
        const attachment = await attachUpload(ctx, user.userId, meta, path.join(directory, upload.id));
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ attachment }),
        };
      } catch (err) {
        if (err instanceof HttpError) throw tusError(err.statusCode, err.message);
        log.error({ err }, 'operation upload: attaching the finished file failed');
        throw tusError(500, MSG.operationSendError);
      } finally {
        // Attached or refused, the upload is over: its bytes leave the upload store.
        await store.remove(upload.id).catch(() => undefined);
      }
    },
  });
  return {
    tus,
    store,
    async ownerOf(id) {
      try {
        const upload = await store.getUpload(id);
        const owner = Number(upload.metadata?.[OWNER_KEY]);
        return Number.isInteger(owner) ? owner : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
