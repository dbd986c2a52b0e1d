import { type AnyEndpoint, type CallInput, type CallReply, fillPath } from '@intranet/contracts';
import { api, type RequestOptions } from './client.ts';
import { uploadWithProgress } from './upload-with-progress.ts';

export type WebCallInput<E extends AnyEndpoint> = CallInput<E, File>;

export interface CallOptions extends RequestOptions {
  /** Multipart calls only: 0–1 as the bytes leave the browser (sent with XMLHttpRequest). */
  onUploadProgress?: (fraction: number) => void;
}

type Parts = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
type FormParts = { fields?: Record<string, unknown>; files?: readonly File[] };

/** Fields first, then the files: the server refuses a bad target before it stores any byte. */
function toFormData(ep: AnyEndpoint, { fields, files }: FormParts): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const file of files ?? []) form.append(ep.multipart.files.field, file, file.name);
  return form;
}

/** The URL of a call, for plain links and <img> (GET calls with `cookieAuth`). */
export function callUrl<E extends AnyEndpoint>(ep: E, input: WebCallInput<E>): string {
  const { params, query } = input as Parts;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `${fillPath(ep.path, params)}${text ? `?${text}` : ''}`;
}

/**
 * The one typed way to call the server: the endpoint's description (packages/contracts) gives the
 * method, path, what to send and what comes back.
 */
export function call<E extends AnyEndpoint>(
  ep: E,
  input: WebCallInput<E>,
  options: CallOptions = {},
): Promise<CallReply<E>> {
  const parts = input as Parts & FormParts;
  const path = fillPath(ep.path, parts.params).replace(/^\/api\//, '');
  // A call that takes JSON too sends JSON when there is no file.
  if (ep.multipart && !(ep.body && !parts.files?.length)) {
    const form = toFormData(ep, parts);
    if (options.onUploadProgress) {
      const upload = uploadWithProgress<CallReply<E>>(
        ep.method === 'PUT' ? 'PUT' : 'POST',
        path,
        form,
        options.onUploadProgress,
      );
      options.signal?.addEventListener('abort', () => upload.cancel());
      return upload.done;
    }
    return api<CallReply<E>>(ep.method, path, form, options);
  }
  const payload = ep.method === 'GET' ? parts.query : ep.multipart ? parts.fields : parts.body;
  return api<CallReply<E>>(ep.method, path, payload as Record<string, unknown> | undefined, options);
}
