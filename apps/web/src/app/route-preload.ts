import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** The element's own page and those it wraps (guards wrap pages), each `lazyPage` fetched ahead. */
function preloadElement(node: ReactNode): void {
  if (!isValidElement(node)) return;
  const type = node.type as { preload?: () => Promise<unknown> };
  void type.preload?.().catch(() => undefined);
  preloadElement((node.props as { children?: ReactNode }).children);
}

/**
 * Fetches the code of the page `path` opens (and `frame`, the signed-in layout's) without waiting
 * for the session: without it the layout's chunk was asked only once the session answered and the
 * page's only once the layout was drawn, two round trips more (bench:web, every page's cold row and
 * "sign-in → /"). A failed fetch is left to the page's own load, which shows the route's error.
 */
export function preloadRoute(routes: RouteObject[], path: string, frame: () => Promise<unknown>): void {
  void frame().catch(() => undefined);
  for (const match of matchRoutes(routes, path) ?? []) preloadElement(match.route.element);
}
