import { z } from 'zod';
import { listTotal } from '../lists/list-total.ts';
import '../zod-locale.ts';
import { isValidCpf } from '../cpf.ts';
import { dateOnlySchema, isDateOnly } from '../dates.ts';
import { bodyId, bodyInt, queryInt } from '../ids.ts';
import { LIMITS } from '../limits.ts';
import { recordLink } from '../links/record-links.ts';
import { MSG } from '../messages.ts';
import { orgSectorName } from '../sectors/sectors.schemas.ts';
import { branchId, oneOf, text } from './hr.fields.ts';
import { CONTRACT_TYPES, EMPLOYEE_ROLES, TRANSPORT_TYPES, WAGE_TYPES, WORK_TIMES } from './hr.options.ts';
import { EMPLOYEE_REGISTRATION } from './hr.schemas.ts';

/** Employees and their vacations (spec §3 Employee, §5). */

const invalid = MSG.employeeInvalidParams;
const digitsOf = (v: string) => v.replace(/[^0-9A-Za-z]/g, '');
/** A document typed with or without its mask, kept without punctuation (spec §5). */
const doc = (pattern: RegExp, message: string) =>
  z
    .string({ error: invalid })
    .transform(digitsOf)
    .pipe(z.string().min(1, { error: invalid }).regex(pattern, { error: message }));
const flag01 = z.union([z.literal(0), z.literal(1)], { error: invalid });

/** The sector's shape; the server checks it is an active sector (decision 0116). */
const sector = orgSectorName(invalid);

/** POST employee / PUT employee (spec §3 Employee, §5 employee forms). */
export const employeeFields = z.object({
  name: text(invalid, LIMITS.employeeNameMax),
  birthDate: dateOnlySchema,
  Registration: z
    .string({ error: invalid })
    .trim()
    .min(1, { error: invalid })
    .regex(EMPLOYEE_REGISTRATION, { error: 'A matrícula deve ter até 3 dígitos.' }),
  DateAdmission: dateOnlySchema,
  branch: branchId(invalid),
  email: z
    .string()
    .trim()
    .max(255)
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Informe um e-mail válido.' })
    .transform((v) => v || null)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  cpf: doc(/^\d{11}$/, 'CPF inválido.').refine(isValidCpf, { error: 'CPF inválido.' }),
  rg: doc(/^[0-9A-Za-z]{5,14}$/, 'RG inválido.'),
  pis: doc(/^\d{11}$/, 'PIS inválido.'),
  tell: doc(/^\d{10,11}$/, 'Telefone inválido.'),
  foodVoucher: flag01,
  healthInsurance: flag01,
  transportTypeId: oneOf(TRANSPORT_TYPES, invalid),
  WageId: oneOf(WAGE_TYPES, invalid),
  workTimeId: oneOf(WORK_TIMES, invalid),
  contractTypeId: oneOf(CONTRACT_TYPES, invalid),
  role: oneOf(EMPLOYEE_ROLES, invalid),
  sector,
});
export type EmployeeFields = z.input<typeof employeeFields>;
export const employeeUpdateBody = employeeFields.extend({ id: bodyId() });
/** Why a new employee cannot be tied to the hiring request named with him (decision 0121). */
export const HIRING_LINK_MSG = {
  notApproved: 'Só uma solicitação de contratação aprovada pode cadastrar um funcionário.',
  alreadyLinked: 'Esta solicitação de contratação já tem um funcionário cadastrado.',
} as const;

/** A new employee; from 'Inserir Funcionário' of an approved hiring, that request's number. */
export const employeeCreateBody = employeeFields.extend({
  hireRequestId: bodyId().nullable().optional(),
});

/** The new-employee form's defaults (spec §9): unit 1, role 9, transport 3, wage 1, work time 1, contract 1. */
export const EMPLOYEE_DEFAULTS = {
  branch: 1,
  role: 9,
  transportTypeId: 3,
  WageId: 1,
  workTimeId: 1,
  contractTypeId: 1,
  foodVoucher: 0,
  healthInsurance: 0,
} as const;

export const employeeRow = z.object({
  id: z.number(),
  name: z.string(),
  Registration: z.string(),
  role: z.number(),
  sector: z.string(),
  branch: z.number(),
  DateAdmission: z.string(),
  DismissalId: z.number().nullable(),
  dateDismissal: z.string().nullable(),
});
export type EmployeeRow = z.infer<typeof employeeRow>;

export const EMPLOYEE_SORT = ['name', 'Registration', 'DateAdmission'] as const;
export const employeeListQuery = z.object({
  search: z
    .string()
    .trim()
    .max(LIMITS.employeeNameMax)
    .optional()
    .transform((v) => v || undefined),
  dismissed: z.enum(['all', 'active', 'dismissed']).default('all'),
  sort: z.enum(EMPLOYEE_SORT).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: queryInt({ min: 1 }).default(1),
  pageSize: queryInt({ min: 1, max: 200 }).default(50),
});
export type EmployeeListQuery = z.input<typeof employeeListQuery>;
export const employeeListReply = z.object({
  rows: z.array(employeeRow),
  ...listTotal,
  page: z.number(),
  pageSize: z.number(),
});

export const vacation = z.object({
  Id: z.number(),
  EmployeeId: z.number(),
  DateStart: z.string(),
  DateEnd: z.string(),
  RequestedPeriod: z.number(),
});
export type Vacation = z.infer<typeof vacation>;

export const employeeDetail = employeeRow.extend({
  birthDate: z.string(),
  email: z.string().nullable(),
  cpf: z.string(),
  rg: z.string(),
  pis: z.string(),
  tell: z.string(),
  foodVoucher: z.number(),
  healthInsurance: z.number(),
  transportTypeId: z.number(),
  WageId: z.number(),
  workTimeId: z.number(),
  contractTypeId: z.number(),
  statusEmployee: z.number(),
  lastDateVacation: z.string().nullable(),
  /** The last day to take the vacation due (end of the concession period). */
  saleVacation: z.string(),
  /** Days already taken in the current acquisition period (of 30). */
  currentYearVacation: z.number(),
  vacations: z.array(vacation),
  /** The hiring request he was registered from, when the reader may open it (decision 0121). */
  hiringLink: recordLink.nullable(),
});
export type EmployeeDetail = z.infer<typeof employeeDetail>;

/** The dismissal form's lookup by matrícula: only what the form shows. */
export const employeeLookupQuery = z.object({
  Registration: z.string().trim().regex(EMPLOYEE_REGISTRATION, { error: MSG.dismissalRegistrationNotFound }),
});
export const employeeLookupReply = z.object({
  id: z.number(),
  name: z.string(),
  role: z.number(),
  Branch: z.number(),
  time: z.number(),
  contractType: z.number(),
  DateAdmission: z.string(),
  dateDismissal: z.string().nullable(),
  hasRequestDismissal: z.boolean(),
});

/** The hiring form's substitute picker: active employees by name or matrícula. */
export const employeePickQuery = z.object({
  search: z
    .string()
    .trim()
    .max(LIMITS.employeeNameMax)
    .optional()
    .transform((v) => v || undefined),
});
export const employeePickReply = z.array(
  z.object({ id: z.number(), name: z.string(), matricula: z.string(), setor: z.string() }),
);

// Vacations -----------------------------------------------------------------------------------

export const VACATION_DAYS_PER_PERIOD = 30;
const vacationDays = bodyInt({
  min: 1,
  max: VACATION_DAYS_PER_PERIOD,
  message: 'Quantidade de dias inválida.',
});

/** Spec §5 (employee vacation scheduling): end = start + days (the calendar shows start + days − 1: calendar.dates.ts). */
export function employeeVacationEnd(dateStart: string, days: number): string {
  const d = new Date(`${dateStart}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** POST vacation (spec §7: dateStart, dateEnd, requestedPeriod); `today` is checked by the server. */
export const employeeVacationBody = z
  .object({
    dateStart: z
      .string({ error: MSG.vacationAllFields })
      .min(1, { error: MSG.vacationAllFields })
      .pipe(dateOnlySchema),
    dateEnd: z
      .string({ error: MSG.vacationAllFields })
      .min(1, { error: MSG.vacationAllFields })
      .pipe(dateOnlySchema),
    requestedPeriod: z.number({ error: MSG.vacationAllFields }).pipe(vacationDays),
  })
  .refine(
    (b) => !isDateOnly(b.dateStart) || employeeVacationEnd(b.dateStart, b.requestedPeriod) === b.dateEnd,
    {
      path: ['dateEnd'],
      error: 'A data final deve ser a data inicial mais a quantidade de dias.',
    },
  );
export type EmployeeVacationBody = z.input<typeof employeeVacationBody>;

/** PUT vacation (spec §7: Id, days, DateEnd). */
export const vacationUpdateBody = z.object({
  days: z.number({ error: MSG.vacationAllFields }).pipe(vacationDays),
  DateEnd: dateOnlySchema,
});
