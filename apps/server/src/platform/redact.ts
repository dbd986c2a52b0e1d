const SECRET_PARAMS = /([?&](?:password|senha|token|code)=)[^&]*/gi;
/** Paths whose last segment is a secret: the calendar's iCalendar link. */
const SECRET_PATHS = /(\/api\/calendar\/ical\/)[^/?#]*/gi;

/** Request URLs as logged: secrets carried in query strings (GET checkpassword) never reach a log. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]').replace(SECRET_PATHS, '$1[REDACTED]');
}
