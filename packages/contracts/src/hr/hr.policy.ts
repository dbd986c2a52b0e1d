import { type Actor, inSector, isAdmin, isGestorOrAbove, isSupport, SECTOR } from '../roles.ts';
import {
  type HrStageActor,
  type HrStatus,
  type HrTransition,
  hrTransitionsFrom,
  isHrFinished,
} from './hr.workflow.ts';

/** The session user plus the approver roles the settings give it (approvers table). */
export interface HrActor extends Actor {
  approverRoles: readonly HrStageActor[];
}

/**
 * The HR team: members of the Recursos Humanos sector, and administrators. They manage requests,
 * employees, vacations and medical leave (docs/decisions.md, HR).
 */
export const isHrStaff = (u: Actor) => isAdmin(u) || inSector(u, SECTOR.rh);

/** An approver of some stage (jurídico, diretor, presidente; the HR contact is HR staff anyway). */
export const isHrApprover = (u: HrActor) => u.approverRoles.some((r) => r !== 'rh');

/** Who opens hiring and dismissal requests: managers (Gestor or above) and the HR team. */
export const canRequestHr = (u: Actor) => isGestorOrAbove(u) || isHrStaff(u);

/** Atendimento RH (/mainScreamRh): the HR team and the stage approvers see every request. */
export const canListHrRequests = (u: HrActor) => isHrStaff(u) || isHrApprover(u);

export interface HrRequestFacts {
  requesterId: number;
  path: readonly HrStatus[];
  status: number;
}

/** Who sees a request: its requester, the HR team and the approvers. */
export const canSeeHrRequest = (u: HrActor, r: HrRequestFacts) =>
  r.requesterId === u.userId || canListHrRequests(u);

/** The stage's actor, or an administrator, presses its buttons. */
export function canActAs(u: HrActor, by: HrStageActor): boolean {
  if (isAdmin(u)) return true;
  return by === 'rh' ? isHrStaff(u) : u.approverRoles.includes(by);
}

export const canFireHrTransition = (u: HrActor, r: HrRequestFacts, t: HrTransition) =>
  t.from === r.status && canActAs(u, t.by);

/** Attachments are for the people who handle the request; the requester's view has none (spec §6). */
export const canHandleAttachments = (u: HrActor, _r: HrRequestFacts) => canListHrRequests(u);

/** Employees, vacations and reports: the HR team (spec §6: Gerenciar Funcionários). */
export const canManageEmployees = (u: Actor) => isHrStaff(u);

/**
 * Medical leave is health data (LGPD art. 11): only those whose job is to handle it see or change it —
 * administrators and the HR support users (suport = 1 in Recursos Humanos: they attend the RH
 * tickets, Atestados among them, spec §9). Other members of the HR team, such as the Jurídico
 * approver, manage employees and vacations but never see a diagnosis (docs/decisions.md, HR).
 */
export const canSeeMedicalLeave = (u: Actor) => isAdmin(u) || (inSector(u, SECTOR.rh) && isSupport(u));

export interface HrRequestAbilities {
  /** Target statuses of the buttons the user may press, with their labels. */
  transitions: { to: number; label: string }[];
  attachments: boolean;
  /** 'Inserir Funcionário' after an approved hiring. */
  insertEmployee: boolean;
}

export function hrRequestAbilities(
  u: HrActor,
  r: HrRequestFacts & { typeRequest: string },
): HrRequestAbilities {
  const approved = isHrFinished(r.path, r.status) && r.status !== 10;
  return {
    transitions: hrTransitionsFrom(r.path, r.status)
      .filter((t) => canFireHrTransition(u, r, t))
      .map((t) => ({ to: t.to, label: t.label })),
    attachments: canHandleAttachments(u, r),
    insertEmployee: approved && r.typeRequest === 'admission' && canManageEmployees(u),
  };
}
