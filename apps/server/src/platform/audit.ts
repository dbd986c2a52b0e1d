import { type DbOrTx, nowIso } from '../db/database.ts';

export interface AuditEntry {
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  summary: string;
}

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId == null ? null : String(entry.entityId),
      summary: entry.summary.slice(0, 1000),
      created_at: nowIso(),
    })
    .execute();
}
