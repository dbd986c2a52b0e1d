import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A page whose code is fetched on first use; `preload` fetches it ahead (app/route-preload.ts). */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A page loaded on first visit, so the sign-in and home screens do not wait for every module's
 * code (phones in the warehouse are on slow networks). The layout shows a loader meanwhile.
 */
export function lazyPage<K extends string>(
  load: () => Promise<{ [P in K]: ComponentType }>,
  name: K,
): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const get = () => {
    loading ??= load().then((m) => ({ default: m[name] }));
    return loading;
  };
  return Object.assign(lazy(get), { preload: get });
}
