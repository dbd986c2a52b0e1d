import { type Actor, inSector, isAdmin, isGestorOrAbove, isSupport, SECTOR, toSectorName } from '../roles.ts';
import { HR_APPROVAL_ROLES, type HrDesks, type HrParties, hrDecider, isHrParty } from './hr.desks.ts';
import {
  type HrStageActor,
  type HrStatus,
  type HrTransition,
  hrTransitionsFrom,
  isHrFinished,
} from './hr.workflow.ts';

/** The session user plus who decides each approval stage (set by an administrator) and today's date. */
export interface HrActor extends Actor {
  desks: HrDesks;
  /** yyyy-MM-dd, São Paulo: a substitute's period is read against it. */
  today: string;
}

/**
 * The HR team: members of the Recursos Humanos sector, and administrators. They manage requests,
 * employees, vacations and medical leave (docs/decisions.md, HR).
 */
export const isHrStaff = (u: Actor) => isAdmin(u) || inSector(u, SECTOR.rh);

/**
 * An approver or a named substitute of some stage (jurídico, diretor, presidente; the HR contact is
 * HR staff anyway): he follows every request, also while his substitute decides.
 */
export const isHrApprover = (u: HrActor) =>
  HR_APPROVAL_ROLES.some((role) => {
    const desk = u.desks[role];
    return desk?.approver?.userId === u.userId || desk?.substitute?.userId === u.userId;
  });

/** Who opens hiring and dismissal requests: managers (Gestor or above) and the HR team. */
export const canRequestHr = (u: Actor) => isGestorOrAbove(u) || isHrStaff(u);

/**
 * A dismissal (and the dismissal form's lookup) of an employee: the HR team for anyone; a manager
 * only for the employees of the sectors he manages, his own sectors (docs/decisions.md, HR). For
 * anyone else the employee is as good as unknown (404).
 */
export function canRequestDismissalOf(u: Actor, employeeSector: string): boolean {
  if (isHrStaff(u)) return true;
  const sector = toSectorName(employeeSector);
  return isGestorOrAbove(u) && sector !== undefined && inSector(u, sector);
}

/** Atendimento RH (/mainScreamRh): the HR team and the stage approvers see every request. */
export const canListHrRequests = (u: HrActor) => isHrStaff(u) || isHrApprover(u);

export interface HrRequestFacts extends HrParties {
  path: readonly HrStatus[];
  status: number;
}

/** Who sees a request: its requester, the HR team and the approvers. */
export const canSeeHrRequest = (u: HrActor, r: HrRequestFacts) =>
  r.requesterId === u.userId || canListHrRequests(u);

/**
 * Who presses a stage's buttons: never a party to the request (segregation of duties, every stage);
 * otherwise an administrator, the HR team at the HR stages, and at an approval stage whoever
 * hr.desks.ts#hrDecider names for this request today.
 */
export function canActAs(u: HrActor, by: HrStageActor, r: HrParties): boolean {
  if (isHrParty(u.userId, r)) return false;
  if (isAdmin(u)) return true;
  if (by === 'rh') return isHrStaff(u);
  return hrDecider(u.desks[by], r, u.today).person?.userId === u.userId;
}

export const canFireHrTransition = (u: HrActor, r: HrRequestFacts, t: HrTransition) =>
  t.from === r.status && canActAs(u, t.by, r);

/**
 * Attachments are for the people who handle the request; the requester's view has none (spec §6),
 * nor has the view of the person it is about.
 */
export const canHandleAttachments = (u: HrActor, r: HrRequestFacts) =>
  canListHrRequests(u) && !isHrParty(u.userId, r);

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
