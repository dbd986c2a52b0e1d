import type { Generated } from 'kysely';

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
