import { MSG } from '@intranet/contracts';
import { ApiError, tokenStore } from './client.ts';

export interface UploadHandle<T> {
  /** Settles with the server's JSON answer, or an ApiError (status 0 when cancelled or offline). */
  done: Promise<T>;
  cancel(): void;
}

export const UPLOAD_CANCELLED = 'Envio cancelado.';

/**
 * Sends a multipart form with XMLHttpRequest, the one browser API that reports upload progress
 * (fetch does not): onProgress gets 0–1 as the bytes leave the browser.
 */
export function uploadWithProgress<T>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open(method, `/api/${path.replace(/^\//, '')}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
        return;
      }
      const error = (body as { error?: unknown } | undefined)?.error;
      reject(
        new ApiError(
          xhr.status,
          typeof error === 'string' && error ? error : MSG.requestFailed(xhr.status),
          body,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, MSG.noServerAnswer));
    xhr.onabort = () => reject(new ApiError(0, UPLOAD_CANCELLED));
    xhr.send(form);
  });
  return { done, cancel: () => xhr.abort() };
}
