import type { Generated } from 'kysely';
import type { SearchKey } from './search-key.ts';

/** The platform's tables: users, sectors and branches, sessions, audit, approvers, settings, notices. */

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
  /** The workflow role the sector plays (contracts SECTOR_ROLES), unique among active sectors (0036). */
  role: string | null;
  active: Generated<number>;
}

/** `name` is what users, tickets and requests store; `label` is what people read (renamed freely). */
export interface BranchesTable {
  id: Generated<number>;
  name: string;
  label: string;
  active: Generated<number>;
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
