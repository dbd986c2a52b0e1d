import { z } from 'zod';
import '../zod-locale.ts';
import { dateOnlySchema } from '../dates.ts';
import { bodyId, queryId } from '../ids.ts';
import { MSG } from '../messages.ts';
import { crmSchema } from './hr.crm.ts';
import { vacation } from './hr.employees.schemas.ts';
import { branchId, oneOf, text } from './hr.fields.ts';
import { WORK_TIMES } from './hr.options.ts';
import { HR_TEXT_MAX } from './hr.schemas.ts';

/** Medical leave (LGPD: HR only), an employee's absences and the reports' period. */

const invalid = MSG.employeeInvalidParams;

export const medicalLeaveBody = z
  .object({
    EmployeeId: bodyId(),
    hubUnit: branchId(invalid),
    shift: oneOf(WORK_TIMES, invalid),
    start_date: dateOnlySchema,
    end_date: dateOnlySchema,
    cid_code: z
      .string({ error: invalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]\d{2}(\.?\d{1,2})?$/, { error: 'Código CID inválido.' }),
    medical_unit: text(invalid, 120),
    doctor_name: text(invalid, 80),
    doctor_crm: crmSchema(invalid),
    note: z.string().trim().max(HR_TEXT_MAX).optional().default(''),
  })
  .refine((b) => b.end_date >= b.start_date, {
    path: ['end_date'],
    error: 'A data final deve ser igual ou posterior à data inicial.',
  });
export type MedicalLeaveBody = z.input<typeof medicalLeaveBody>;

export const medicalLeave = z.object({
  id: z.number(),
  EmployeeId: z.number(),
  hubUnit: z.number(),
  name: z.string(),
  registration: z.string(),
  role: z.number(),
  shift: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  total_days: z.number(),
  cid_code: z.string(),
  medical_unit: z.string(),
  doctor_name: z.string(),
  doctor_crm: z.string(),
  note: z.string(),
});
export type MedicalLeave = z.infer<typeof medicalLeave>;
export const medicalLeaveQuery = z.object({ Id: queryId() });

/** GET absences (spec §7: vacations and licenses) of one employee. */
export const absencesQuery = z.object({ EmployeeId: queryId() });
/**
 * An employee's absences. `medicalLeave` is health data (LGPD): null for a caller who may not see it
 * (hr.policy.ts#canSeeMedicalLeave), never an empty list that would say "no leave".
 */
export const absencesReply = z.object({
  vacations: z.array(vacation),
  medicalLeave: z.array(medicalLeave).nullable(),
});
export type Absences = z.infer<typeof absencesReply>;

/** Days of a leave, both ends counted. */
export const leaveDays = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

export const periodQuery = z
  .object({ from: dateOnlySchema, to: dateOnlySchema })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'Período inválido.' });
