import { LIMITS } from '../limits.ts';
import { DISMISSAL_TYPE } from './hr.options.ts';

/**
 * The HR request stages of spec §4, as data: the server moves requests with this table and the
 * timeline and buttons of the screens read it. A stage is stored as a numeric status; the current
 * status is the last stage's; 10 is denied.
 */
export const HR_STATUS = {
  criada: 0,
  analiseRh: 1,
  juridico: 2,
  diretor: 3,
  presidente: 4,
  aprovado: 5,
  negado: LIMITS.deniedStatus,
} as const;
export type HrStatus = (typeof HR_STATUS)[keyof typeof HR_STATUS];

export const HR_REQUEST_TYPES = ['admission', 'dismissal', 'movement'] as const;
export type HrRequestType = (typeof HR_REQUEST_TYPES)[number];
export const HR_REQUEST_TYPE_LABEL: Record<HrRequestType, string> = {
  admission: 'Admissão',
  dismissal: 'Demissão',
  movement: 'Movimentação',
};

/** Who acts at a stage: the HR team, or the approver named for it in the settings (approvers). */
export type HrStageActor = 'rh' | 'juridico' | 'diretor' | 'presidente';
export const APPROVER_ROLES = [
  'rh',
  'juridico',
  'diretor',
  'presidente',
] as const satisfies readonly HrStageActor[];

export interface HrStageInfo {
  status: HrStatus;
  label: string;
  /** Who moves a request on from this stage (none at the end). */
  by: HrStageActor | null;
}

export const HR_STAGES: readonly HrStageInfo[] = [
  { status: 0, label: 'Solicitação Criada', by: 'rh' },
  { status: 1, label: 'Análise RH', by: 'rh' },
  { status: 2, label: 'Análise Jurídico', by: 'juridico' },
  { status: 3, label: 'Análise Diretor', by: 'diretor' },
  { status: 4, label: 'Análise Presidente', by: 'presidente' },
  { status: 5, label: 'Aprovado', by: null },
  { status: 10, label: 'Negado', by: null },
];

export const hrStageInfo = (status: number): HrStageInfo =>
  HR_STAGES.find((s) => s.status === status) ?? {
    status: status as HrStatus,
    label: `Etapa ${status}`,
    by: null,
  };

/** The facts a request's path depends on, fixed when it is created. */
export interface HrPathFacts {
  typeRequest: HrRequestType;
  /** Dismissal: 1–4 (2 = without cause goes through Jurídico). Hiring: the replacement justification. */
  breachContractId: number | null;
  /** The dismissed employee's admission date (yyyy-MM-dd). */
  dateAdmission: string | null;
  /** The day the request was made (yyyy-MM-dd, São Paulo). */
  createdOn: string;
}

/** Whole days from one date-only to another (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Spec §4/§9: a dismissal skips the director when the employee has under 90 days since admission. */
export function directorSkipped(dateAdmission: string | null, on: string): boolean {
  return dateAdmission !== null && daysBetween(dateAdmission, on) < LIMITS.dismissalDirectorSkipDays;
}

/** The statuses a request goes through, in order; the last is Aprovado (or Negado instead). */
export function hrRequestPath(f: HrPathFacts): HrStatus[] {
  const S = HR_STATUS;
  if (f.typeRequest === 'dismissal') {
    return [
      S.criada,
      S.analiseRh,
      ...(f.breachContractId === DISMISSAL_TYPE.semJustaCausa ? [S.juridico] : []),
      ...(directorSkipped(f.dateAdmission, f.createdOn) ? [] : [S.diretor]),
      S.aprovado,
    ];
  }
  return [S.criada, S.analiseRh, S.diretor, S.presidente, S.aprovado];
}

export interface HrTransition {
  key: 'aceitar' | 'avancar' | 'aprovar' | 'negar';
  /** The button label of spec §4. */
  label: string;
  from: HrStatus;
  to: HrStatus;
  by: HrStageActor;
}

export const isHrFinished = (path: readonly number[], status: number) =>
  status === HR_STATUS.negado || status === path[path.length - 1];

/** The buttons a stage offers (before asking who may press them). */
export function hrTransitionsFrom(path: readonly HrStatus[], status: number): HrTransition[] {
  const at = path.indexOf(status as HrStatus);
  if (at < 0 || isHrFinished(path, status)) return [];
  const from = path[at]!;
  const next = path[at + 1]!;
  const by = hrStageInfo(from).by!;
  if (from === HR_STATUS.criada) return [{ key: 'aceitar', label: 'Aceitar', from, to: next, by }];
  if (from === HR_STATUS.analiseRh) return [{ key: 'avancar', label: 'Avançar', from, to: next, by }];
  return [
    { key: 'aprovar', label: 'Aprovar', from, to: next, by },
    { key: 'negar', label: 'Negar', from, to: HR_STATUS.negado, by },
  ];
}

export const findHrTransition = (path: readonly HrStatus[], from: number, to: number) =>
  hrTransitionsFrom(path, from).find((t) => t.to === to);

/** The list's label (spec §4): open, accepted and on its way, or finished. */
export function hrProgressLabel(path: readonly number[], status: number): string {
  if (status === HR_STATUS.criada) return 'Solicitação Aberta';
  return isHrFinished(path, status) ? 'Finalizado' : 'Aceito';
}

export const HR_PROGRESS_OPTIONS = ['Solicitação Aberta', 'Aceito', 'Finalizado'] as const;

export interface HrTimelineStep {
  status: number;
  label: string;
  /** The stage was reached (its date is when). */
  date: string | null;
  done: boolean;
  denied: boolean;
}

/**
 * The stage timeline of a request: every stage of its path, reached or not; a denial replaces the
 * final step, at the stage that denied it.
 */
export function hrTimeline(
  path: readonly HrStatus[],
  stages: readonly { status: number; date: string }[],
): HrTimelineStep[] {
  const reached = (s: number) => stages.find((st) => st.status === s)?.date ?? null;
  const denied = stages.find((s) => s.status === HR_STATUS.negado);
  return path.map((status, i) => {
    const last = i === path.length - 1;
    if (last && denied)
      return { status: HR_STATUS.negado, label: 'Negado', date: denied.date, done: true, denied: true };
    const date = reached(status);
    return {
      status,
      label: last && !date ? 'Aprovado/Negado' : hrStageInfo(status).label,
      date,
      done: date !== null,
      denied: false,
    };
  });
}
