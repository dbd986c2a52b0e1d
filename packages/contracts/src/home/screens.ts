import { z } from 'zod';

/**
 * The screens the menus, tiles and sector cards link to, whose access the server decides with a
 * policy function (home/screens.policy.ts names it for each). The session carries the answers, so
 * the web shows a way in exactly when the server lets the user through.
 */
export const SCREEN_KEYS = [
  /** /ChamadosAbertos */
  'chamadosAbertos',
  /** /requestOpened: SOLICITAÇÕES DE COMPRAS, the received list */
  'comprasRecebidas',
  /** /openpurchrequest */
  'abrirCompra',
  /** /abrirchamado */
  'abrirChamado',
  /** /mainScreamRh: Atendimento RH */
  'atendimentoRh',
  /** /formHiring and /formDismissal */
  'solicitarRh',
  /** /setEmployees */
  'funcionarios',
  /** /managerFines */
  'multas',
  /** /homeAnexoOperacao */
  'anexosOperacao',
  /** /setusers */
  'usuarios',
  /** /InserirInformativos */
  'avisos',
] as const;
export type ScreenKey = (typeof SCREEN_KEYS)[number];
export type Screens = Record<ScreenKey, boolean>;

export const screensSchema = z.object(
  Object.fromEntries(SCREEN_KEYS.map((k) => [k, z.boolean()])) as Record<ScreenKey, z.ZodBoolean>,
);
