import { menuPolicy } from '../home/home.policy.ts';
import type { Actor } from '../roles.ts';

/** Inserir Avisos (notices and banners): support in Recursos Humanos or QSSMA, or admin (spec §6). */
export const canManageNotices = (u: Actor) => menuPolicy.showInserirAvisos(u);

/** Every signed-in member reads the notices and banners of the home page. */
export const canReadNotices = (_u: Actor) => true;
