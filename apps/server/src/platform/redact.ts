const SECRET_PARAMS = /([?&](?:password|senha|token|code)=)[^&]*/gi;

/** Request URLs as logged: secrets carried in query strings (GET checkpassword) never reach a log. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]');
}
