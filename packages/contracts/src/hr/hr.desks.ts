import { type HrStageActor, hrStageInfo, isHrFinished } from './hr.workflow.ts';

/**
 * Who decides each approval stage of an HR request (decision 0095).
 * An administrator names, per approval role, the approver (the `approvers` table) and may name a
 * substitute with a period; nothing a sector member can write (employee records, vacations) moves
 * that power. Nobody decides a stage of a request he opened or that is about him.
 */

/** The stages an approver decides (the HR stages are the whole HR team's). */
export const HR_APPROVAL_ROLES = ['juridico', 'diretor', 'presidente'] as const;
export type HrApprovalRole = (typeof HR_APPROVAL_ROLES)[number];
export const HR_APPROVAL_ROLE_LABEL: Record<HrApprovalRole, string> = {
  juridico: 'Jurídico',
  diretor: 'Diretor',
  presidente: 'Presidente',
};
export const isHrApprovalRole = (role: string): role is HrApprovalRole =>
  (HR_APPROVAL_ROLES as readonly string[]).includes(role);

export interface HrPerson {
  userId: number;
  name: string;
}

/** One stage's people, as an administrator set them. */
export interface HrDesk {
  approver: HrPerson | null;
  substitute: HrPerson | null;
  /**
   * The days (yyyy-MM-dd, both included) the substitute decides instead of the approver; null: he
   * decides only the requests the approver may not (his own, or about him).
   */
  from: string | null;
  to: string | null;
}
export type HrDesks = Partial<Record<HrStageActor, HrDesk>>;

/** The people a request concerns: who opened it and the users it is about (a dismissed employee's user). */
export interface HrParties {
  requesterId: number;
  subjectIds: readonly number[];
}

/** Segregation of duties: the requester and the people a request is about never decide it. */
export const isHrParty = (userId: number, r: HrParties) =>
  r.requesterId === userId || r.subjectIds.includes(userId);

/** The substitute replaces the approver today (his period covers it). */
export const substituteOnDuty = (d: HrDesk, today: string) =>
  d.substitute !== null && d.from !== null && d.to !== null && d.from <= today && today <= d.to;

/**
 * Whether the person holds the stage's desk today: its approver, or its substitute within his days
 * (the purchases' director is whoever holds the Diretor desk, decision 0115).
 */
export const holdsDesk = (d: HrDesk | undefined, userId: number, today: string) =>
  d !== undefined &&
  (d.approver?.userId === userId || (d.substitute?.userId === userId && substituteOnDuty(d, today)));

export interface HrDecider {
  /** Who decides the stage of this request; null: no named person may, so an administrator does. */
  person: HrPerson | null;
  /** The approver the substitute decides for (the history says so). */
  onBehalfOf: string | null;
}

const nobody: HrDecider = { person: null, onBehalfOf: null };

/**
 * Who decides a stage of a request today: the approver; within the substitute's period the
 * substitute; when that person is a party to the request, the substitute (outside his period too:
 * an administrator named him for the role) — and when no named person is free of the request, an
 * administrator.
 */
export function hrDecider(desk: HrDesk | undefined, r: HrParties, today: string): HrDecider {
  if (!desk) return nobody;
  const free = (p: HrPerson | null): p is HrPerson => p !== null && !isHrParty(p.userId, r);
  const forApprover = { onBehalfOf: desk.approver?.name ?? null };
  if (substituteOnDuty(desk, today)) {
    return free(desk.substitute) ? { person: desk.substitute, ...forApprover } : nobody;
  }
  if (free(desk.approver)) return { person: desk.approver, onBehalfOf: null };
  if (desk.approver && free(desk.substitute)) return { person: desk.substitute, ...forApprover };
  return nobody;
}

/** The person who decides a stage when nobody is a party: the substitute on duty, or the approver. */
export const hrUsualDecider = (d: HrDesk, today: string) =>
  substituteOnDuty(d, today) ? d.substitute : d.approver;

/**
 * The notes of the request screen for a party who would decide one of its coming stages: who will
 * decide it instead ("Você abriu esta solicitação: a etapa Diretor será decidida por …").
 */
export function hrDeciderNotes(
  viewer: { userId: number; desks: HrDesks; today: string },
  r: HrParties & { path: readonly number[]; status: number },
): string[] {
  if (!isHrParty(viewer.userId, r) || isHrFinished(r.path, r.status)) return [];
  const lead =
    r.requesterId === viewer.userId ? 'Você abriu esta solicitação' : 'Esta solicitação é sobre você';
  const notes: string[] = [];
  for (const status of r.path.slice(Math.max(0, r.path.indexOf(r.status)))) {
    const role = hrStageInfo(status).by;
    if (role === null || !isHrApprovalRole(role)) continue;
    const desk = viewer.desks[role];
    if (!desk || hrUsualDecider(desk, viewer.today)?.userId !== viewer.userId) continue;
    const who = hrDecider(desk, r, viewer.today).person?.name ?? 'um administrador';
    notes.push(`${lead}: a etapa ${HR_APPROVAL_ROLE_LABEL[role]} será decidida por ${who}.`);
  }
  return notes;
}
