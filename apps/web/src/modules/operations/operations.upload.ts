import {
  MSG,
  OPERATION_UPLOAD_PATH,
  type OperationAttachment,
  type OperationSlot,
  operationUploadFinished,
} from '@intranet/contracts';
import { DetailedError, Upload } from 'tus-js-client';
import { ApiError, tokenStore } from '../../api/client.ts';

/**
 * Each PATCH carries at most this much: a dropped Wi-Fi loses at most one piece, and no request
 * lasts long enough for a proxy to cut it. The server keeps what arrived of a cut piece too.
 */
export const CHUNK_BYTES = 4 * 1024 * 1024;

export interface SlotUpload {
  ot: string;
  slot: OperationSlot;
  file: File;
  /** Bytes of this file the server has, as they arrive. */
  onProgress: (sent: number) => void;
  signal?: AbortSignal;
}

function toApiError(err: Error): ApiError {
  const response = err instanceof DetailedError ? err.originalResponse : null;
  if (!response) return new ApiError(0, MSG.operationSendError);
  let message: string = MSG.operationSendError;
  try {
    const body: unknown = JSON.parse(response.getBody());
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string')
      message = body.error;
  } catch {
    // not JSON: keep the fallback
  }
  return new ApiError(response.getStatus(), message);
}

/**
 * Sends one file with the tus protocol (tus-js-client). An upload of the same file (name, type,
 * size, date) that an earlier attempt or an earlier page left unfinished resumes where the server
 * stopped: tus-js-client keeps its address in localStorage. Answers the attachment it became
 * (null when an earlier attempt had already finished it).
 */
export function uploadSlot({
  ot,
  slot,
  file,
  onProgress,
  signal,
}: SlotUpload): Promise<OperationAttachment | null> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: OPERATION_UPLOAD_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000],
      metadata: { ot, slot: String(slot), filename: file.name, filetype: file.type },
      // The same file for another OT or slot is another upload.
      fingerprint: async (f, options) =>
        ['operation', ot, slot, f.name, f.type, f.size, f.lastModified, options.endpoint].join('|'),
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (req) => {
        const token = tokenStore.get();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: (sent) => onProgress(sent),
      onError: (err) => reject(toApiError(err)),
      onSuccess: ({ lastResponse }) => {
        onProgress(file.size);
        const body = lastResponse.getBody();
        const parsed = body ? operationUploadFinished.safeParse(JSON.parse(body)) : null;
        resolve(parsed?.success ? parsed.data.attachment : null);
      },
    });
    signal?.addEventListener('abort', () => {
      void upload.abort();
      reject(new DOMException('cancelado', 'AbortError'));
    });
    upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(() => upload.start());
  });
}
