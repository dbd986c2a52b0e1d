import type { Generated } from 'kysely';
import type { SearchKey } from './search-key.ts';

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
  /** The request's stage and last change, kept by triggers (migration 0039: a sector's stage is one range). */
  status: Generated<number | null>;
  updated_at: Generated<string | null>;
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
