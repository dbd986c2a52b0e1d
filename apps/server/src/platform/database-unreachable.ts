/**
 * Faults of the connection to the database, not of the request (decision 0124): PostgreSQL stopped,
 * restarting or out of reach, or SQLite's file unreadable. The request may be sent again once the
 * database is back, so they answer 503, not 500.
 */

/**
 * Socket errors of a connection that could not be opened or was cut, as the system reports them
 * (with a `syscall`: a browser gone mid-upload is an ECONNRESET without one, and no database fault).
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not taking connections: 57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now (starting or stopping), and class 08 (connection exception).
 */
const SQLSTATE = /^(57P0[123]|08[0-9A-Z]{3})$/;

/** pg's and pg-pool's own errors, which carry no code. */
const PG_MESSAGES = [
  /^Connection terminated/, // the socket closed, with or without a connection timeout
  /^timeout exceeded when trying to connect$/, // pg-pool's connectionTimeoutMillis
  /not queryable/, // a client already broken by one of the above
];

export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLite: the disk under the file failed (SQLITE_IOERR_*), or the file cannot be opened.
    if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN') return true;
    if (SQLSTATE.test(code)) return true;
    if (isSocketFault(error)) return true;
  }
  return PG_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** A connection to another server (the database, the object store) that could not be opened or was cut. */
export function isSocketFault(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  // Every address of a name refused (localhost: ::1 and 127.0.0.1) is one AggregateError.
  const fromSystem =
    typeof (error as { syscall?: unknown }).syscall === 'string' || error instanceof AggregateError;
  return typeof code === 'string' && SOCKET_CODES.has(code) && fromSystem;
}

/** How long after one warning the next outage's first failure is logged again. */
export const WARN_EVERY_MS = 30_000;

/**
 * Whether this failure is the one to log: the first, then one every WARN_EVERY_MS while the
 * database stays away, so an outage under load writes a line, not a stack per request.
 */
export function unreachableWarnings(now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < WARN_EVERY_MS) return false;
    last = at;
    return true;
  };
}
