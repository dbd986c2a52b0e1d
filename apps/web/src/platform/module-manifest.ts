import type { MenuUser } from '@intranet/contracts';
import type { RouteObject } from 'react-router';

/** Where a menu entry shows: a tab of the home's main menu. */
export type MenuPlace = 'gerenciar' | 'suporte';

/**
 * The icon of a menu entry, by name: the home's menu draws it (modules/home/components/MainMenu.tsx),
 * so the icons travel with the home page's code and not with the sign-in page's.
 */
export type MenuIcon =
  | 'user-cog'
  | 'speakerphone'
  | 'users-group'
  | 'send'
  | 'search'
  | 'heart-handshake'
  | 'building';

/** A tile a module puts in a menu. */
export interface MenuEntry {
  place: MenuPlace;
  /** Position in its place, spec order (§2, §6); ties keep the order of the module list. */
  order: number;
  label: string;
  description?: string;
  to: string;
  /** Opens `to` in a new browser tab. */
  newTab?: boolean;
  /** Runs before going to `to`; the entry is then a button instead of a link. */
  beforeOpen?: () => void;
  icon: MenuIcon;
  testId: string;
  /** The contracts rule that shows the entry (home/home.policy.ts menuPolicy): the menus decide nothing. */
  show: (user: MenuUser) => boolean;
}

/**
 * What a module offers the app (decision 0110), in two files: `<module>.module.tsx`, this manifest
 * with its screens, and `<module>.menu.ts`, its menu entries (`MenuEntry[]`), apart so that the
 * sign-in page's code does not carry the menus. The app collects both from its lists
 * (app/modules.ts, app/menus.ts); no floor below the app knows the lists.
 */
export interface ModuleManifest {
  /** Screens of the signed-in frame. */
  routes?: RouteObject[];
  /** Screens opened without a session (first set-up). */
  publicRoutes?: RouteObject[];
}
