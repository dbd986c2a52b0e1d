/** Small helpers for the few non-httpOnly cookies the web app writes itself. */

export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

/** Writes a cookie for the whole site (path=/, SameSite=Lax) that lasts maxAgeSeconds. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie; the Cookie Store API is not everywhere yet.
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; max-age=${Math.floor(maxAgeSeconds)}; path=/; SameSite=Lax${secure}`;
}

export const DAY_SECONDS = 24 * 60 * 60;

/** Set once the user accepts the cookie box (spec §2, §9). */
export const COOKIE_CONSENT_COOKIE = 'cookieConsent';

/** Home › Suporte stores solicitar or consultar here before opening /chooserequest (spec §2). */
export const FUNCTION_TYPE_COOKIE = 'functionType';
export type FunctionType = 'solicitar' | 'consultar';
