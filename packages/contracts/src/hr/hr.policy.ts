import { type Actor, hasRole, inSector, isAdmin, isGestorOrAbove, isSupport } from '../roles.ts';
import {
  HR_APPROVAL_ROLES,
  type HrDesks,
  type HrParties,
  hrDecider,
  isHrParty,
  substituteOnDuty,
} from './hr.desks.ts';
import {
  HR_STAGES,
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
 * employees, vacations and medical leave (decision 0091).
 */
export const isHrStaff = (u: Actor) => isAdmin(u) || hasRole(u, 'rh');

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
 * only for the employees of the sectors he manages, his own sectors (decision 0091). For
 * anyone else the employee is as good as unknown (404).
 */
export function canRequestDismissalOf(u: Actor, employeeSector: string): boolean {
  if (isHrStaff(u)) return true;
  return isGestorOrAbove(u) && inSector(u, employeeSector);
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
 * approver, manage employees and vacations but never see a diagnosis (decision 0098).
 */
export const canSeeMedicalLeave = (u: Actor) => isAdmin(u) || (hasRole(u, 'rh') && isSupport(u));

/**
 * A request waits for the user when he may press one of its stage buttons now ("Aguardando minha
 * aprovação" of the home and of Atendimento RH).
 */
export const awaitsHrDecisionOf = (u: HrActor, r: HrRequestFacts) =>
  hrTransitionsFrom(r.path, r.status).some((t) => canFireHrTransition(u, r, t));

/** A stage whose requests wait for the user (never one he is a party to). */
export interface HrWaitingStage {
  status: HrStatus;
  /**
   * He decides it only for the requests this user (the stage's approver) is a party to: the
   * substitute outside his period.
   */
  whenPartyOf: number | null;
}

/**
 * awaitsHrDecisionOf as stages, for the list's and the count's SQL (hr.queries.ts): each request
 * at one of these statuses that the user is no party to, and for `whenPartyOf` whose approver is
 * one, waits for him: canActAs and hr.desks.ts#hrDecider written per stage (hr.waiting.test.ts,
 * here and on the server, compares them).
 */
export function hrWaitingStages(u: HrActor): HrWaitingStage[] {
  const stages: HrWaitingStage[] = [];
  for (const { status, by } of HR_STAGES) {
    if (by === null) continue;
    if (isAdmin(u) || (by === 'rh' && isHrStaff(u))) {
      stages.push({ status, whenPartyOf: null });
      continue;
    }
    const desk = by === 'rh' ? undefined : u.desks[by];
    if (!desk) continue;
    const isSubstitute = desk.substitute?.userId === u.userId;
    if (substituteOnDuty(desk, u.today)) {
      if (isSubstitute) stages.push({ status, whenPartyOf: null });
    } else if (desk.approver?.userId === u.userId) {
      stages.push({ status, whenPartyOf: null });
    } else if (desk.approver && isSubstitute) {
      stages.push({ status, whenPartyOf: desk.approver.userId });
    }
  }
  return stages;
}

/** Which list a request is opened from: Atendimento RH (`all`) or the requester's own (`mine`). */
export type HrView = 'all' | 'mine';

export interface HrRequestAbilities {
  /** Target statuses of the buttons the user may press, with their labels. */
  transitions: { to: number; label: string }[];
  attachments: boolean;
  /** 'Inserir Funcionário' after an approved hiring, until the employee is registered from it. */
  insertEmployee: boolean;
}

const NOTHING_TO_PRESS: HrRequestAbilities = { transitions: [], attachments: false, insertEmployee: false };

/**
 * The buttons of a request's panel. The requester's view (Minhas Solicitações) offers none, whoever
 * opens it (spec §6: requester HR views hide stage buttons and attachments); the same request
 * opened from Atendimento RH shows what his roles allow.
 */
export function hrRequestAbilities(
  u: HrActor,
  r: HrRequestFacts & { typeRequest: string; employeeId?: number | null },
  view: HrView = 'all',
): HrRequestAbilities {
  if (view === 'mine') return NOTHING_TO_PRESS;
  const approved = isHrFinished(r.path, r.status) && r.status !== 10;
  return {
    transitions: hrTransitionsFrom(r.path, r.status)
      .filter((t) => canFireHrTransition(u, r, t))
      .map((t) => ({ to: t.to, label: t.label })),
    attachments: canHandleAttachments(u, r),
    // Once the employee is registered from it, the hiring links to him instead (decision 0121).
    insertEmployee: approved && r.typeRequest === 'admission' && !r.employeeId && canManageEmployees(u),
  };
}
