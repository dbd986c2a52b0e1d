import type { ColumnType, Generated } from 'kysely';

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
