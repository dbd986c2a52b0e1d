import { type MenuUser, menuPolicy } from './home.policy.ts';
import type { ScreenKey } from './screens.ts';

/** A tile of a menu page: a link, or greyed out (`path` null) saying why. */
export interface MenuTile {
  key: string;
  label: string;
  path: string | null;
  reason?: string;
}

const NOT_YET = 'Ainda não disponível';
const HR_REQUESTERS_ONLY = 'Admissões e demissões são solicitadas pelos gestores e pela equipe de RH.';

/**
 * /rhHomeRequest: the five tiles of spec §2 — Admissão and Demissão greyed for who may not ask for
 * them — and, for who handles or approves HR requests, Atendimento RH (the approvers are in no RH
 * sector: this is their way in, decision 0041).
 */
export function rhHomeTiles(u: MenuUser): MenuTile[] {
  const requestable = (key: string, label: string, path: string): MenuTile =>
    u.screens.solicitarRh ? { key, label, path } : { key, label, path: null, reason: HR_REQUESTERS_ONLY };
  const tiles: MenuTile[] = [
    requestable('admissao', 'Admissão', '/formHiring'),
    requestable('demissao', 'Demissão', '/formDismissal'),
    { key: 'movimentacao', label: 'Movimentação', path: null, reason: NOT_YET },
    { key: 'documentos', label: 'Documentos', path: null, reason: NOT_YET },
    { key: 'minhas', label: 'Minhas Solicitações', path: '/requesterScreamRh' },
  ];
  if (u.screens.atendimentoRh)
    tiles.push({ key: 'atendimento', label: 'Atendimento RH', path: '/mainScreamRh' });
  return tiles;
}

/** A list of requests that may wait for the user's decision, counted on the home's tile. */
export interface ApprovalQueue {
  key: 'compras' | 'rh';
  /** The list filtered to what waits for him. */
  path: string;
  one: string;
  many: string;
}

/**
 * "Aguardando minha aprovação" (home, Suporte): the purchases and the HR requests, each for who may
 * open its list (the count's call applies the same rule).
 */
export function approvalQueues(u: MenuUser): ApprovalQueue[] {
  const queues: ApprovalQueue[] = [];
  if (u.screens.comprasRecebidas)
    queues.push({
      key: 'compras',
      path: '/requestopened?waiting=1',
      one: 'solicitação de compra',
      many: 'solicitações de compra',
    });
  if (u.screens.atendimentoRh)
    queues.push({
      key: 'rh',
      path: '/mainScreamRh?waiting=1',
      one: 'solicitação de RH',
      many: 'solicitações de RH',
    });
  return queues;
}

export type RequestFunction = 'solicitar' | 'consultar';

interface RequestChoice {
  label: string;
  path: string;
  screen?: ScreenKey;
}

const REQUEST_CHOICES: Record<RequestFunction, RequestChoice[]> = {
  solicitar: [
    { label: 'Solicitar uma Compra', path: '/openpurchrequest?typeRequest=compra', screen: 'abrirCompra' },
    {
      label: 'Serviço de Terceiros',
      path: '/openpurchrequest?typeRequest=servico&isService=1',
      screen: 'abrirCompra',
    },
    { label: 'Abrir Chamado', path: '/abrirchamado', screen: 'abrirChamado' },
  ],
  // The caller's own requests and calls: everyone's.
  consultar: [
    { label: 'Solicitações de Compra', path: '/requestopened?functionType=consultar&typeRequest=compras' },
    { label: 'Chamados Abertos', path: '/Calls?typeRequest=chamado' },
  ],
};

export interface RequestChoiceGroup {
  type: RequestFunction;
  options: { label: string; path: string }[];
}

/**
 * /chooserequest (spec §2): the options of Suporte › Solicitar or › Consultar (both without a
 * choice). Who has no Solicitar in the menu (spec §6) still may ask for a purchase or open a call:
 * his Consultar offers them too, after his own requests.
 */
export function requestChoices(u: MenuUser, chosen: RequestFunction | null): RequestChoiceGroup[] {
  const types: RequestFunction[] =
    chosen === 'solicitar'
      ? ['solicitar']
      : chosen === 'consultar' && menuPolicy.showSolicitar(u)
        ? ['consultar']
        : chosen === 'consultar'
          ? ['consultar', 'solicitar']
          : ['solicitar', 'consultar'];
  return types
    .map((type) => ({
      type,
      options: REQUEST_CHOICES[type]
        .filter((c) => c.screen === undefined || u.screens[c.screen])
        .map(({ label, path }) => ({ label, path })),
    }))
    .filter((g) => g.options.length > 0);
}
