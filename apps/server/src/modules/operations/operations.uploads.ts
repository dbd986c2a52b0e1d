import type { IncomingMessage } from 'node:http';
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
import type { FastifyBaseLogger } from 'fastify';
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

export function handTo(raw: IncomingMessage, user: SessionUser): void {
  usersOfRequests.set(raw, user);
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

export interface OperationUploads {
  tus: Server;
  store: FileStore;
  /** The owner of an upload, or undefined when there is no such upload. */
  ownerOf(id: string): Promise<number | undefined>;
  /** Drops unfinished uploads older than the expiry; answers how many. */
  sweep(): Promise<number>;
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
    sweep: () => store.deleteExpired(),
  };
}
