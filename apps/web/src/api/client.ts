import { MSG } from '@intranet/contracts';

const TOKEN_KEY = 'intranet.token';

export const tokenStore = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'];

/** Listeners told when the server says the session is gone (401), so the app can log out. */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function toQuery(payload: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The message rules of spec §8: the body's error field, else 'Erro na requisição' with the status. */
async function errorFrom(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const error = (body as { error?: unknown } | undefined)?.error;
  const message = typeof error === 'string' && error ? error : MSG.requestFailed(res.status);
  return new ApiError(res.status, message, body);
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Do not treat a 401 as the end of the session (the login call itself). */
  anonymous?: boolean;
}

/**
 * The one way the web app talks to the server: /api prefix, bearer token, cookie credentials,
 * GET payloads as the query string, JSON or FormData bodies.
 */
export async function api<T>(
  method: Method,
  path: string,
  payload?: Record<string, unknown> | FormData,
  options: RequestOptions = {},
): Promise<T> {
  if (!METHODS.includes(method)) throw new ApiError(0, MSG.invalidMethod);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let url = `/api/${path.replace(/^\//, '')}`;
  let body: BodyInit | undefined;
  if (payload instanceof FormData) {
    body = payload;
  } else if (payload && (method === 'GET' || method === 'HEAD')) {
    url += toQuery(payload);
  } else if (payload) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(payload);
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, MSG.noServerAnswer);
  }
  if (!res.ok) {
    const error = await errorFrom(res);
    if (res.status === 401 && !options.anonymous) {
      for (const listener of unauthorizedListeners) listener();
    }
    throw error;
  }
  if (res.status === 204 || method === 'HEAD') return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Error text to show for anything thrown by api(). */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
