import fs from 'node:fs';
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
import { S3Store } from '@tus/s3-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest } from 'srvx/node';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { assertDiskRoom, declaredBytes } from '../../platform/disk-space.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { attachUpload, releaseUpload, reserveUpload } from './operations.service.ts';

/** A refusal in a tus hook: tus sends this status and body (JSON, as every error of the API). */
const tusError = (status: number, error: string) => ({
  status_code: status,
  body: JSON.stringify({ error }),
});

/** Runs a hook's work, turning its HttpError into tus's refusal with the same status and text. */
async function refusingAsTus(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (err instanceof HttpError) throw tusError(err.statusCode, err.message);
    throw err;
  }
}

/** The signed-in user of each request handed to tus (set by the route before tus runs). */
const usersOfRequests = new WeakMap<object, SessionUser>();
/** The upload a creation request reserved quota for (set by onUploadCreate). */
const reservedByRequests = new WeakMap<object, string>();

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
 * as JSON `{ error }` in Portuguese like the rest of the API. `settle` runs with tus's status
 * before the answer leaves, so the client's next request sees what it did.
 */
async function passToTus(
  tus: Server,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  settle?: (status: number) => Promise<void>,
): Promise<FastifyReply> {
  usersOfRequests.set(request.raw, user);
  const answer = await tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
  await settle?.(answer.status);
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

type TusRequest = { runtime?: { node?: { req?: object } } };

function userOf(req: TusRequest): SessionUser {
  const raw = req.runtime?.node?.req;
  const user = raw && usersOfRequests.get(raw);
  if (!user) throw tusError(401, MSG.unauthenticated);
  return user;
}

const OWNER_KEY = 'userId';

/** Where unfinished uploads wait with the local Storage: on the server's disk. */
export const uploadDirectory = (dataDir: string) => path.join(dataDir, 'uploads', 'operation');

/**
 * @tus/file-store creates its folder with an mkdir it neither awaits nor catches: a failure throws
 * from a callback (the process dies), and an app closed at once races it (a test removing its
 * DATA_DIR met ENOTDIR). The folder is made here, before the store, and the store's own is skipped.
 */
class OperationFileStore extends FileStore {}
Object.defineProperty(OperationFileStore.prototype, 'checkOrCreateDirectory', { value: () => undefined });

/**
 * S3Store's remove aborts the multipart upload first and stops there when S3 answers that there is
 * none (NoSuchUpload, as for every finished upload): `<id>` and `<id>.info` would stay in the
 * bucket for ever. Here the objects go whatever the abort answered.
 */
class OperationS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    await super.remove(id).catch(() => undefined);
    for (const Key of [id, this.infoKey(id), this.partKey(id, true)])
      await this.client.deleteObject({ Bucket: this.bucket, Key });
  }
}

type UploadInfoCache = NonNullable<ConstructorParameters<typeof S3Store>[0]['cache']>;

/**
 * S3Store remembers each upload's `.info` in the process by default; another server may have
 * finished or removed the upload since, and this one would still answer for it. Read every time.
 */
const READ_EVERY_TIME: UploadInfoCache = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/** The settings that say where unfinished uploads wait. */
export type UploadPlace = Pick<Config, 'dataDir' | 'storage'>;

/**
 * Unfinished uploads wait beside the stored files: in DATA_DIR/uploads/operation on the local disk,
 * or, with STORAGE=s3, as multipart uploads of the same bucket (objects `<id>`, `<id>.info` and
 * `<id>.part`), so any server can take the next piece of an upload another one began.
 */
function uploadStore(place: UploadPlace): FileStore | S3Store {
  const expirationPeriodInMilliseconds = LIMITS.operationUploadExpiryHours * 3600_000;
  const s = place.storage;
  if (s.kind === 's3')
    return new OperationS3Store({
      expirationPeriodInMilliseconds,
      cache: READ_EVERY_TIME,
      s3ClientConfig: {
        bucket: s.bucket,
        endpoint: s.endpoint,
        region: s.region,
        forcePathStyle: s.forcePathStyle,
        credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
        // As in storage/s3-storage.ts: checksums only where the API requires them.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
  const directory = uploadDirectory(place.dataDir);
  fs.mkdirSync(directory, { recursive: true });
  return new OperationFileStore({ directory, expirationPeriodInMilliseconds });
}

/** Drops the unfinished uploads older than a day (the periodic sweep runs this); answers how many. */
export function sweepStaleUploads(place: UploadPlace, store = uploadStore(place)): Promise<number> {
  return store.deleteExpired();
}

const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Sweeps the unfinished uploads every hour (or `everyMs`) until the answer is called. One process
 * of a server must do it: the app when it runs alone, the primary when it runs workers (main.ts).
 * Two sweeps of the folder at once remove the same files, and the slower one fails.
 */
export function scheduleUploadSweep(
  place: UploadPlace,
  onError: (err: unknown) => void,
  everyMs = SWEEP_EVERY_MS,
): () => void {
  // One store for every sweep: each new one creates its folder with an mkdir it does not await.
  const store = uploadStore(place);
  const timer = setInterval(() => {
    sweepStaleUploads(place, store).catch(onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export interface OperationUploads {
  /** POST: creates an upload of the caller, held against the caller's quota (operations.service.ts). */
  create(request: FastifyRequest, reply: FastifyReply, user: SessionUser): Promise<FastifyReply>;
  /** HEAD, PATCH or DELETE on one of the caller's uploads; another user's is not there (404). */
  resume(request: FastifyRequest, reply: FastifyReply, user: SessionUser, id: string): Promise<FastifyReply>;
}

/**
 * The resumable upload endpoint (tus 1.0.0 with @tus/server; its file store under
 * DATA_DIR/uploads/operation, or its S3 store with STORAGE=s3). A finished upload is checked and moved into Storage by
 * operations.service.ts#attachUpload; its answer carries the attachment.
 */
export function createOperationUploads(ctx: AppContext, log: FastifyBaseLogger): OperationUploads {
  const store = uploadStore(ctx.config);
  // Uploads never take the disk below its floor: 507 for a new upload or a further piece.
  const assertRoom = (incoming: number) =>
    assertDiskRoom(ctx.config.dataDir, ctx.config.diskFreeFloorBytes, incoming);
  const release = (id: string) =>
    releaseUpload(ctx, id).catch((err: unknown) => log.error({ err }, 'operation upload: release failed'));
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
      const size = upload.size;
      await refusingAsTus(async () => {
        await assertRoom(size);
        await reserveUpload(ctx, user.userId, {
          id: upload.id,
          size,
          createdAt: upload.creation_date ?? new Date().toISOString(),
        });
      });
      const raw = (req as TusRequest).runtime?.node?.req;
      if (raw) reservedByRequests.set(raw, upload.id);
      // The owner is the session's user, whatever the client wrote in its metadata.
      return { metadata: { ...upload.metadata, [OWNER_KEY]: String(user.userId) } };
    },
    async onUploadFinish(req, upload: Upload) {
      const user = userOf(req);
      const meta = operationUploadMetadata.parse(upload.metadata ?? {});
      try {
        const attachment = await attachUpload(ctx, user.userId, meta, async () => store.read(upload.id));
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
        // Attached or refused, the upload is over: its bytes leave the upload store and its quota.
        await store.remove(upload.id).catch(() => undefined);
        await release(upload.id);
      }
    },
    // A full disk is no server fault to the client: 507 with its Portuguese message.
    async onResponseError(_req, err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOSPC') return tusError(507, MSG.serverDiskFull);
    },
  });

  /** The upload, or undefined when there is none (or it is unreadable). */
  const uploadOf = (id: string) => store.getUpload(id).catch(() => undefined);

  return {
    create(request, reply, user) {
      return passToTus(tus, request, reply, user, async (status) => {
        const reserved = reservedByRequests.get(request.raw);
        // Refused after its quota was reserved (the store could not create it): nothing to hold.
        if (reserved && status >= 400 && !(await uploadOf(reserved))) await release(reserved);
      });
    },
    async resume(request, reply, user, id) {
      const upload = await uploadOf(id);
      if (!upload || Number(upload.metadata?.[OWNER_KEY]) !== user.userId)
        throw notFound(MSG.operationUploadNotFound);
      if (request.method === 'PATCH') {
        const rest = Math.max(0, (upload.size ?? 0) - upload.offset);
        // This piece, or the rest of the file when the client does not say how much it sends.
        await assertRoom(Math.min(declaredBytes(request) ?? rest, rest));
      }
      return passToTus(tus, request, reply, user, async (status) => {
        if (request.method === 'DELETE' && status === 204) await release(id);
      });
    },
  };
}
