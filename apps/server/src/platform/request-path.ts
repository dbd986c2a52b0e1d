/**
 * Whether a request's URL names something under /api, however it is spelled: percent-encoded
 * letters, any case, repeated slashes and `;` parameters all count. Only for choosing how to
 * answer an unknown path (JSON or the web app); access is never decided from the URL.
 */
export function isApiPath(url: string): boolean {
  const rawPath = url.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    decoded = rawPath;
  }
  const first = decoded.split('/').find((segment) => segment !== '' && segment !== '.') ?? '';
  return first.split(';')[0]?.toLowerCase() === 'api';
}
