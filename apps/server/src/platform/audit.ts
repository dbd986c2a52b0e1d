import { type Db, type DbOrTx, nowIso, type Tx } from '../db/database.ts';

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

/**
 * Writes many audit rows in multi-row inserts (bulk changes such as a spreadsheet import); call it
 * inside the transaction of the change, like audit().
 */
export async function auditMany(db: DbOrTx, entries: readonly AuditEntry[], chunk = 500): Promise<void> {
  const at = nowIso();
  for (let i = 0; i < entries.length; i += chunk) {
    await db
      .insertInto('audit_log')
      .values(
        entries.slice(i, i + chunk).map((entry) => ({
          user_id: entry.userId,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId == null ? null : String(entry.entityId),
          summary: entry.summary.slice(0, 1000),
          created_at: at,
        })),
      )
      .execute();
  }
}

export type AuditRecord = Omit<AuditEntry, 'userId'>;

/**
 * Runs a change in one transaction with its audit rows (ARCHITECTURE.md rules 3 and 4): `run`
 * records what it did with `record`, and the rows are written in the same transaction, so a change
 * and its trace commit or roll back together. A change that records nothing is a bug and rolls back.
 */
export function auditedChange<T>(
  db: Db,
  userId: number | null,
  run: (tx: Tx, record: (entry: AuditRecord) => void) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const entries: AuditRecord[] = [];
    const result = await run(tx, (entry) => entries.push(entry));
    if (entries.length === 0) throw new Error('auditedChange: the change recorded no audit row');
    for (const entry of entries) await audit(tx, { userId, ...entry });
    return result;
  });
}
