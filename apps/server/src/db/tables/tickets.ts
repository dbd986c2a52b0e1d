import type { Generated } from 'kysely';
import type { SearchKey } from './search-key.ts';

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
  /** The call's last message: when and by whom (migration 0038, kept by a trigger); null before any. */
  last_answer_at: Generated<string | null>;
  last_answer_by: Generated<number | null>;
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
