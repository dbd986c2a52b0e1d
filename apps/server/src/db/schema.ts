/**
 * The database's tables as Kysely sees them, one file per module under tables/ (hand-written, kept
 * in step with the migrations); imported from here.
 */

import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AppSectorsTable, AppsTable } from './tables/apps.ts';
import type {
  CalendarEventInviteesTable,
  CalendarEventsTable,
  CalendarFeedsTable,
  CalendarInvitationsSentTable,
  CalendarVacationsTable,
} from './tables/calendar.ts';
import type {
  FinesAggregatesTable,
  FinesCubeMaxRollTable,
  FinesCubeMaxTable,
  FinesCubeRollTable,
  FinesCubeTable,
  FinesTable,
} from './tables/fines.ts';
import type {
  FolderFilesTable,
  FolderSharesTable,
  FoldersTable,
  FolderTreeVersionTable,
} from './tables/folders.ts';
import type {
  HrApproverSubstitutesTable,
  HrEmployeesTable,
  HrMedicalLeavesTable,
  HrRequestAttachmentsTable,
  HrRequestStagesTable,
  HrRequestsTable,
  HrVacationsTable,
} from './tables/hr.ts';
import type { MailDigestsTable, MailMutesTable, MailPreferencesTable } from './tables/mail.ts';
import type { OperationAttachmentsTable, OperationUploadsTable } from './tables/operations.ts';
import type {
  ApproversTable,
  AuditLogTable,
  BannersTable,
  BranchesTable,
  NoticesTable,
  PasswordResetCodesTable,
  PolicyAcceptancesTable,
  SectorsTable,
  SessionsTable,
  SettingsTable,
  UserBranchesTable,
  UserSectorsTable,
  UsersTable,
} from './tables/platform.ts';
import type {
  PurchaseCommentsTable,
  PurchaseFilesTable,
  PurchaseQuotesTable,
  PurchaseRequestSectorsTable,
  PurchaseRequestsTable,
} from './tables/purchases.ts';
import type {
  CallAnswersTable,
  CallAttachmentsTable,
  CallMaterialsTable,
  CallsTable,
} from './tables/tickets.ts';

// The tables' types, for the queries that name one.
export type * from './tables/apps.ts';
export type * from './tables/calendar.ts';
export type * from './tables/fines.ts';
export type * from './tables/folders.ts';
export type * from './tables/hr.ts';
export type * from './tables/mail.ts';
export type * from './tables/operations.ts';
export type * from './tables/platform.ts';
export type * from './tables/purchases.ts';
export type * from './tables/tickets.ts';

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
  mail_preferences: MailPreferencesTable;
  mail_mutes: MailMutesTable;
  mail_digests: MailDigestsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
