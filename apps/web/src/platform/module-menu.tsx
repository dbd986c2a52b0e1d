import { createContext, type ReactNode, useContext } from 'react';
import type { MenuEntry, MenuPlace } from './module-manifest.ts';

const ModuleMenuContext = createContext<readonly MenuEntry[]>([]);

/** Hands the modules' menu entries, collected by the app, to the screens that draw menus. */
export function ModuleMenuProvider({
  entries,
  children,
}: {
  entries: readonly MenuEntry[];
  children: ReactNode;
}) {
  return <ModuleMenuContext.Provider value={entries}>{children}</ModuleMenuContext.Provider>;
}

/** The entries of one place, in order (not yet filtered by the user: each entry's `show` does that). */
export function useModuleMenu(place: MenuPlace): MenuEntry[] {
  const entries = useContext(ModuleMenuContext);
  return entries.filter((e) => e.place === place).sort((a, b) => a.order - b.order);
}
