import type { Generated } from 'kysely';

/** HR: employees, requests and their stages, attachments, vacations, medical leave. */

export interface HrEmployeesTable {
  id: Generated<number>;
  name: string;
  birth_date: string;
  registration: string;
  date_admission: string;
  branch: number;
  email: string | null;
  cpf: string;
  rg: string;
  pis: string;
  tell: string;
  food_voucher: number;
  health_insurance: number;
  transport_type_id: number;
  wage_id: number;
  work_time_id: number;
  contract_type_id: number;
  role: number;
  sector: string;
  last_date_vacation: string | null;
  sale_vacation: string;
  current_year_vacation: number;
  date_dismissal: string | null;
  dismissal_id: number | null;
  status_employee: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface HrRequestsTable {
  id: Generated<number>;
  type_request: string;
  status: number;
  requester_id: number;
  requester_name: string;
  requester_mat: string;
  requester_setor: string | null;
  employee_id: number | null;
  employee_name: string | null;
  registration_employee: string | null;
  date_admission_employee: string | null;
  role_id: number | null;
  branch: number | null;
  work_time: number | null;
  contract_type_id: number | null;
  reason_id: number | null;
  substitute_for: number | null;
  breach_contract_id: number | null;
  /** Comma-separated ids (DismFailsId, EquipamentReturnId). */
  dism_fails: string;
  equipment_return: string;
  text_justify: string;
  created_on: string;
  created_at: string;
  updated_at: string;
  /** The user the request is about (a dismissed employee's, by CPF when it was made): migration 0031. */
  subject_user_id: Generated<number | null>;
}

/** Per approval stage, the substitute an administrator named and his days (migration 0031). */
export interface HrApproverSubstitutesTable {
  role: string;
  user_id: number;
  date_from: string | null;
  date_to: string | null;
  updated_by: number | null;
  updated_at: string;
}

export interface HrRequestStagesTable {
  id: Generated<number>;
  request_id: number;
  status: number;
  user_id: number | null;
  user_name: string;
  on_behalf_of: string | null;
  created_at: string;
}

export interface HrRequestAttachmentsTable {
  id: Generated<number>;
  request_id: number;
  type: string | null;
  storage_key: string;
  original_name: string;
  mime: string;
  size: number;
  user_id: number | null;
  created_at: string;
}

export interface HrVacationsTable {
  id: Generated<number>;
  employee_id: number;
  date_start: string;
  date_end: string;
  requested_period: number;
  created_at: string;
  updated_at: string;
}

export interface HrMedicalLeavesTable {
  id: Generated<number>;
  employee_id: number;
  hub_unit: number;
  shift: number;
  start_date: string;
  end_date: string;
  total_days: number;
  cid_code: string;
  medical_unit: string;
  doctor_name: string;
  doctor_crm: string;
  note: string;
  created_at: string;
  updated_at: string;
}
