import { canManageFines } from '../fines/fines.policy.ts';
import { canListHrRequests, canManageEmployees, canRequestHr, type HrActor } from '../hr/hr.policy.ts';
import { canManageNotices } from '../notices/notices.policy.ts';
import { canInsertAttachments } from '../operations/operations.policy.ts';
import {
  canListReceivedPurchases,
  canOpenPurchase,
  type PurchaseActor,
} from '../purchases/purchases.policy.ts';
import { canListOpenCalls, canOpenCall } from '../tickets/tickets.policy.ts';
import { canManageUsers } from '../users/users.policy.ts';
import type { ScreenKey, Screens } from './screens.ts';

/** The user with every fact a screen's rule reads (some only the server has: who approves what). */
export interface ScreenActor extends HrActor, PurchaseActor {}

/**
 * Each screen's rule: the very function its server calls authorise with (a test checks they are the
 * same functions). The menus never decide access on their own.
 */
export const SCREEN_RULES = {
  chamadosAbertos: canListOpenCalls,
  comprasRecebidas: canListReceivedPurchases,
  abrirCompra: canOpenPurchase,
  abrirChamado: canOpenCall,
  atendimentoRh: canListHrRequests,
  solicitarRh: canRequestHr,
  funcionarios: canManageEmployees,
  multas: canManageFines,
  anexosOperacao: canInsertAttachments,
  usuarios: canManageUsers,
  avisos: canManageNotices,
} as const satisfies Record<ScreenKey, (u: ScreenActor) => boolean>;

/** The screens the user may open, as the session carries them (GET get-sessionData). */
export function screensOf(u: ScreenActor): Screens {
  const screens = {} as Screens;
  for (const key of Object.keys(SCREEN_RULES) as ScreenKey[]) screens[key] = SCREEN_RULES[key](u);
  return screens;
}
