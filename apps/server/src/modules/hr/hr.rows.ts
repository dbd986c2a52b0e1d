import { type EmployeeDetail, HR_STATUS, type HrRequestType, hrProgressLabel } from '@intranet/contracts';
import type * as q from './hr.queries.ts';

/** HR's rows as lists, details and spreadsheets show them. */

export function toEmployeeSheetRow(e: q.EmployeeRecord): Omit<EmployeeDetail, 'vacations' | 'hiringLink'> {
  return {
    id: e.id,
    name: e.name,
    Registration: e.registration,
    role: e.role,
    sector: e.sector,
    branch: e.branch,
    DateAdmission: e.date_admission,
    DismissalId: e.dismissal_id,
    dateDismissal: e.date_dismissal,
    birthDate: e.birth_date,
    email: e.email,
    cpf: e.cpf,
    rg: e.rg,
    pis: e.pis,
    tell: e.tell,
    foodVoucher: e.food_voucher,
    healthInsurance: e.health_insurance,
    transportTypeId: e.transport_type_id,
    WageId: e.wage_id,
    workTimeId: e.work_time_id,
    contractTypeId: e.contract_type_id,
    statusEmployee: e.status_employee,
    lastDateVacation: e.last_date_vacation,
    saleVacation: e.sale_vacation,
    currentYearVacation: e.current_year_vacation,
  };
}

/** A listed row with its progress label (every path ends at Aprovado: the label needs no path). */
export function withProgress<T extends { status: number; typeRequest: string }>(row: T) {
  return {
    ...row,
    typeRequest: row.typeRequest as HrRequestType,
    progress: hrProgressLabel([HR_STATUS.aprovado], row.status),
  };
}
