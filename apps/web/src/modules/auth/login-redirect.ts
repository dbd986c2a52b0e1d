/**
 * Where to go after signing in: the page the guard sent the user away from (location state
 * `from`, set by RequireSession), else the start. Only in-app paths are accepted.
 */
export function afterLoginPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login'
    ? from
    : '/';
}
