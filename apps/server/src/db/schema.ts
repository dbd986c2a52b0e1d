import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

/** A column's search form kept in its row by the database (db/search.ts#createSearchKeys, migration 0026). */
type SearchKey = GeneratedAlways<string | null>;

/** Timestamps are ISO 8601 UTC strings and flags are 0/1 integers on both databases. */
export interface UsersTable {
  id: Generated<number>;
  nome: string;
  senha: string;
  matricula: string;
  cpf: string | null;
  email: string | null;
  tell: string | null;
  filial: string;
  privilegio: number;
  suport: number;
  admin: number;
  foto: string | null;
  active: Generated<number>;
  /** Set when the user is deleted (deactivated); see migration 0002_admin. */
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
  search_nome: SearchKey;
}

export interface SectorsTable {
  id: Generated<number>;
  name: string;
}

export interface BranchesTable {
  id: Generated<number>;
  name: string;
  label: string;
}

export interface UserSectorsTable {
  user_id: number;
  sector_id: number;
  is_main: number;
}

export interface UserBranchesTable {
  user_id: number;
  branch_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordResetCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  verified_at: string | null;
  /** Hash of the one-time token checkCode hands to the browser (httpOnly cookie) for updatepassword. */
  verify_token_hash: string | null;
  used_at: string | null;
}

export interface PolicyAcceptancesTable {
  id: Generated<number>;
  user_id: number;
  policy_version: string;
  accepted_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  created_at: string;
}

export interface ApproversTable {
  role: string;
  user_id: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface NoticesTable {
  id: Generated<number>;
  text: string;
  img: string | null;
  position: number;
  setor: string | null;
  user_id: number | null;
  created_at: string;
  updated_at: string | null;
}

export interface BannersTable {
  id: Generated<number>;
  path: string;
  alt: string;
  user_id: number | null;
  created_at: string;
}

// ── apps (applications list) ─────────────────────────────────────────────────
export interface AppsTable {
  id: Generated<number>;
  name: string;
  address: string;
  image: string | null;
  created_at: string;
  updated_at: string;
}

export interface AppSectorsTable {
  app_id: number;
  sector_id: number;
}

// ---- tickets (chamados) ----
export interface CallsTable {
  id: Generated<number>;
  problema: string;
  dep: string;
  descricao: string;
  filial: string;
  status: number;
  user_id: number;
  nome_usuario: string;
  matricula_usuario: string;
  setores_usuario: string | null;
  suporte_id: number | null;
  nome_suporte: string | null;
  matricula_suporte: string | null;
  request_id: number | null;
  created_at: string;
  updated_at: string;
  search_nome_usuario: SearchKey;
  search_nome_suporte: SearchKey;
  search_matricula_usuario: SearchKey;
  search_setores_usuario: SearchKey;
  search_dep: SearchKey;
  search_filial: SearchKey;
}

export interface CallAnswersTable {
  id: Generated<number>;
  call_id: number;
  user_id: number | null;
  user_name: string;
  msg: string;
  created_at: string;
}

export interface CallAttachmentsTable {
  id: Generated<number>;
  call_id: number;
  answer_id: number | null;
  storage_key: string;
  original_name: string;
  mime: string;
  size: number;
  created_at: string;
}

export interface CallMaterialsTable {
  id: Generated<number>;
  chamado_id: number;
  item_name: string;
  measure: string;
  qnt: number;
  created_at: string;
}

// ---- folders (shared folders and files) ----

export interface FoldersTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  parent_id: number | null;
  user_id: number | null;
  privilegio: Generated<number>;
  is_private: Generated<number>;
  created_at: string;
}

export interface FolderFilesTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  file_name: string;
  folder_id: number;
  user_id: number | null;
  size: number;
  mime: string;
  tipo: string;
  created_at: string;
}

/** One row (id 1): how many times the folder tree changed (migration 0025; folders.tree.ts). */
export interface FolderTreeVersionTable {
  id: number;
  n: ColumnType<number | string, number, number>;
}

export interface FolderSharesTable {
  folder_id: number;
  user_id: number;
  created_by: number | null;
  created_at: string;
}

// ---- calendar (events, invitations, vacations, iCalendar links) ----

export interface CalendarEventsTable {
  id: Generated<number>;
  title: string;
  event_date: string;
  /** HH:MM, or '' for an event of the whole day. */
  hours_of: string;
  hours_to: string;
  company: number;
  created_by: number;
  created_at: string;
  updated_at: string;
  /** Set when the event is deleted (migration 0035): every read leaves it out. */
  deleted_at: string | null;
}

export interface CalendarEventInviteesTable {
  event_id: number;
  user_id: number;
  invited_by: number | null;
  created_at: string;
}

/** Every invitation made, kept after a withdrawal (migration 0030): the senders' limits, one e-mail per event. */
export interface CalendarInvitationsSentTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  invited_by: number;
  created_at: string;
}

export interface CalendarVacationsTable {
  id: Generated<number>;
  user_id: number;
  /** The employee's name, matrícula and main sector when the vacation was scheduled. */
  user_name: string;
  user_registration: string;
  user_sector: string | null;
  date_start: string;
  date_end: string;
  vacation_days: number;
  created_by: number | null;
  created_at: string;
}

export interface CalendarFeedsTable {
  user_id: number;
  /** sha256 of the secret in the link; the secret itself is never stored. */
  token_hash: string;
  created_at: string;
}

export interface OperationAttachmentsTable {
  id: Generated<number>;
  ot: string;
  slot: number;
  file_name: string;
  original_name: string;
  mime: string;
  size: number;
  user_id: number | null;
  created_at: string;
}

/** An unfinished resumable upload, held against its owner's quota (migration 0032). */
export interface OperationUploadsTable {
  /** The tus upload id. */
  id: string;
  user_id: number;
  /** The declared Upload-Length. */
  size: number;
  created_at: string;
}

// ---- purchases (purchase and third-party service requests) ----

export interface PurchaseRequestsTable {
  id: Generated<number>;
  typerequest: string;
  descript: string;
  qnt: number;
  justify: string;
  justify_descript: string;
  supply_type: string | null;
  /** Centavos. */
  estima_val: number | null;
  priority: number;
  filial: string;
  obs: string | null;
  link: string | null;
  status: number;
  material_sol: number;
  in_quote: number;
  user_id: number;
  nome_usuario: string;
  matricula_usuario: string;
  setores_usuario: string | null;
  setor_usuario: string | null;
  call_id: number | null;
  atendente_id: number | null;
  quoter_id: number | null;
  buyer_id: number | null;
  picker_id: number | null;
  aprovall_id: number | null;
  /** The stage a denied request was denied at (1, 3 or 4; migration 0033), which its timeline marks. */
  denied_from: number | null;
  cotac_id: number | null;
  created_at: string;
  updated_at: string;
  search_descript: SearchKey;
  search_nome_usuario: SearchKey;
}

export interface PurchaseRequestSectorsTable {
  request_id: number;
  sector: string;
  /** The request's `created_at`, copied at opening (migration 0029: a sector's period is one index range). */
  created_at: string;
}

export interface PurchaseQuotesTable {
  id: Generated<number>;
  request_id: number;
  fornecedor: string;
  prazo: string;
  /** Centavos. */
  valor: number;
  contato: string;
  canal_type: string;
  file_id: number | null;
  created_by: number | null;
  created_at: string;
}

export interface PurchaseCommentsTable {
  id: Generated<number>;
  request_id: number;
  stage: number;
  text: string;
  user_id: number | null;
  user_name: string;
  /** Mentioned user ids, comma-separated. */
  mentions: string;
  created_at: string;
}

export interface PurchaseFilesTable {
  id: Generated<number>;
  request_id: number;
  comment_id: number | null;
  storage_key: string;
  original_name: string;
  mime: string;
  size: number;
  created_at: string;
}

import type { FineField, FineMoneyField, FineNumberField } from '@intranet/contracts';

/**
 * The fines dashboard's summary (migration 0014_fines_aggregates, kept by triggers): per cell, how
 * many fines and the sum of one amount in centavos; responsavel / negocio_grupo '' when unset.
 */
export interface FinesAggregatesTable {
  dim: string;
  key: string;
  responsavel: string;
  negocio_grupo: string;
  count: number;
  value: number;
}

/** A combination of the filter bar's low-cardinality columns ('' when unset): the cube's key (0017). */
interface FinesCubeCombo {
  responsavel: string;
  negocio_grupo: string;
  status_multa: string;
  status_pagmto: string;
  status_nd: string;
  unidade: string;
  mes: string;
}

/**
 * The dashboard's summary with the filter bar's dimensions (migration 0017_fines_cube, kept by
 * triggers): per cell and combination of the filter columns, a count and a sum.
 */
export interface FinesCubeTable extends FinesCubeCombo {
  dim: string;
  key: string;
  count: number;
  value: number;
}

/** Per combination of the cube's filter columns: the maxima the dashboard shows (0017). */
export interface FinesCubeMaxTable extends FinesCubeCombo {
  max_valor: number | null;
  max_atraso: number | null;
  min_venc: string | null;
}

/** The cube's filter columns without the month, and the roll-up's year ('*': every month). */
type FinesCubeRollCombo = Omit<FinesCubeCombo, 'mes'> & { ano: string };

/** `fines_cube` summed over its months: per year and over all (migration 0020_fines_cube_years). */
export interface FinesCubeRollTable extends FinesCubeRollCombo {
  dim: string;
  key: string;
  count: number;
  value: number;
}

/** `fines_cube_max` over its months: per year and over all (migration 0020_fines_cube_years). */
export interface FinesCubeMaxRollTable extends FinesCubeRollCombo {
  max_valor: number | null;
  max_atraso: number | null;
  min_venc: string | null;
}

/**
 * A fine (migration 0006_fines): the 43 fields of spec §3 under their names; money in centavos,
 * numbers as numbers, everything else text or NULL (dates `yyyy-MM-dd`).
 */
export type FinesTable = {
  id: Generated<number>;
  responsavel: string | null;
  negocio_grupo: string | null;
  created_at: string;
  updated_at: string;
  NUMERO_AUTO: string;
} & {
  [F in Exclude<FineField, 'NUMERO_AUTO'>]: F extends FineMoneyField | FineNumberField
    ? Generated<number>
    : string | null;
};

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

export interface Database {
  users: UsersTable;
  sectors: SectorsTable;
  branches: BranchesTable;
  user_sectors: UserSectorsTable;
  user_branches: UserBranchesTable;
  sessions: SessionsTable;
  password_reset_codes: PasswordResetCodesTable;
  policy_acceptances: PolicyAcceptancesTable;
  audit_log: AuditLogTable;
  approvers: ApproversTable;
  settings: SettingsTable;
  notices: NoticesTable;
  banners: BannersTable;
  apps: AppsTable;
  app_sectors: AppSectorsTable;
  calls: CallsTable;
  call_answers: CallAnswersTable;
  call_attachments: CallAttachmentsTable;
  call_materials: CallMaterialsTable;
  folders: FoldersTable;
  folder_files: FolderFilesTable;
  folder_shares: FolderSharesTable;
  folder_tree_version: FolderTreeVersionTable;
  calendar_events: CalendarEventsTable;
  calendar_event_invitees: CalendarEventInviteesTable;
  calendar_invitations_sent: CalendarInvitationsSentTable;
  calendar_vacations: CalendarVacationsTable;
  calendar_feeds: CalendarFeedsTable;
  operation_attachments: OperationAttachmentsTable;
  operation_uploads: OperationUploadsTable;
  purchase_requests: PurchaseRequestsTable;
  purchase_request_sectors: PurchaseRequestSectorsTable;
  purchase_quotes: PurchaseQuotesTable;
  purchase_comments: PurchaseCommentsTable;
  purchase_files: PurchaseFilesTable;
  fines: FinesTable;
  fines_aggregates: FinesAggregatesTable;
  fines_cube: FinesCubeTable;
  fines_cube_max: FinesCubeMaxTable;
  fines_cube_roll: FinesCubeRollTable;
  fines_cube_max_roll: FinesCubeMaxRollTable;
  hr_employees: HrEmployeesTable;
  hr_requests: HrRequestsTable;
  hr_approver_substitutes: HrApproverSubstitutesTable;
  hr_request_stages: HrRequestStagesTable;
  hr_request_attachments: HrRequestAttachmentsTable;
  hr_vacations: HrVacationsTable;
  hr_medical_leaves: HrMedicalLeavesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
