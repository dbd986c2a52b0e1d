import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A page loaded on first visit, so the sign-in and home screens do not wait for every module's
 * code (phones in the warehouse are on slow networks). The layout shows a loader meanwhile.
 */
export function lazyPage<K extends string>(
  load: () => Promise<{ [P in K]: ComponentType }>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}
