import { canOpenChamadosAbertos } from '../auth/auth.policy.ts';
import { type Actor, hasRole, isAdmin, isSupport, type SectorRole } from '../roles.ts';
import type { CallAbilities, Department } from './tickets.schemas.ts';
import { CALL_STATUS, type CallTransition, INSERT_MATERIALS, transitionsFrom } from './tickets.workflow.ts';

/**
 * The sector role whose support users attend each ticket department. A support user (suport = 1)
 * attends the departments of its sectors' roles; sectors with no ticket department (Compras,
 * Operação…) attend none. An admin attends every department.
 */
export const DEPARTMENT_ROLE: Record<Department, SectorRole> = {
  'Recursos Humanos': 'rh',
  'Tecnologia de Informacao': 'ti',
  QSSMA: 'qssma',
  Infraestrutura: 'infra',
};

const ALL_DEPARTMENTS = Object.keys(DEPARTMENT_ROLE) as Department[];

/** The departments whose calls the user attends (every one for an admin). */
export function supportedDepartments(u: Actor): Department[] {
  if (isAdmin(u)) return ALL_DEPARTMENTS;
  if (!isSupport(u)) return [];
  return ALL_DEPARTMENTS.filter((d) => hasRole(u, DEPARTMENT_ROLE[d]));
}

export const supportsDepartment = (u: Actor, dep: string) => supportedDepartments(u).some((d) => d === dep);

/** Purchasing users fire the materials acceptance of a call: support in Compras, or admin. */
export const isPurchasing = (u: Actor) => isAdmin(u) || (isSupport(u) && hasRole(u, 'compras'));

/** The facts of a call that decisions depend on. */
export interface CallFacts {
  userId: number;
  dep: string;
  status: number;
  /** The purchase request the call belongs to (materials calls), if any. */
  requestId: number | null;
}

/**
 * The queue of Chamados Abertos: the calls of the departments the user attends, and the calls that
 * belong to a purchase request for purchasing users (admins: every call).
 */
export const inOpenQueue = (u: Actor, call: CallFacts): boolean =>
  supportsDepartment(u, call.dep) || (call.requestId !== null && isPurchasing(u));

/**
 * Who sees a call: its requester, and whoever has it in the open queue. The server's list queries
 * apply the same rules in SQL (tickets.queries.ts#scopeFilter: `mine` is canSeeCall, `open` is
 * inOpenQueue).
 */
export const canSeeCall = (u: Actor, call: CallFacts): boolean =>
  call.userId === u.userId || inOpenQueue(u, call);

/** Who opens Chamados Abertos (the `open` list): admin or support. */
export const canListOpenCalls = (u: Actor) => canOpenChamadosAbertos(u);

/** Any signed-in member opens a call. */
export const canOpenCall = (_u: Actor) => true;

export function canFireTransition(u: Actor, call: CallFacts, t: CallTransition): boolean {
  if (!(t.from as readonly number[]).includes(call.status)) return false;
  return t.by === 'department' ? supportsDepartment(u, call.dep) : isPurchasing(u);
}

/**
 * Requester and attendants talk in the message panel while the call is not finalised; a purchase's
 * materials call belongs to Compras as a whole, so every purchasing user answers it, not only the
 * one who asked for the list.
 */
export const canAnswerCall = (u: Actor, call: CallFacts) =>
  call.status !== CALL_STATUS.finalizado &&
  (call.userId === u.userId ||
    supportsDepartment(u, call.dep) ||
    (call.requestId !== null && isPurchasing(u)));

export const canInsertMaterials = (u: Actor, call: CallFacts) => canFireTransition(u, call, INSERT_MATERIALS);

/** What the web shows for a call: the target statuses of the buttons it may press. */
export function callAbilities(u: Actor, call: CallFacts): CallAbilities {
  return {
    transitions: transitionsFrom(call.status)
      .filter((t) => !t.viaOwnCall && canFireTransition(u, call, t))
      .map((t) => t.to),
    answer: canAnswerCall(u, call),
    insertMaterials: canInsertMaterials(u, call),
  };
}
