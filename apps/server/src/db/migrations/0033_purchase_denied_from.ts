import { type Kysely, sql } from 'kysely';

/**
 * Issue 32: a denied request keeps the stage it was denied at (1 Em análise, 3 Aguardando aprovação
 * Gestor, 4 Aguardando aprovação Diretor), which its timeline marks. Requests denied before this
 * take it from the denial in the audit log (its action names the stage); one without that entry
 * keeps null, and the timeline marks the decision's result (purchases.workflow.ts#deniedPosition).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and use the untyped builder
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchase_requests').addColumn('denied_from', 'integer').execute();
  await backfillDeniedFrom(db);
}

/** The stage of each denied request without one, from its last denial in the audit log. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function backfillDeniedFrom(db: Kysely<any>): Promise<void> {
  await sql`update purchase_requests set denied_from = (
    select case a.action
      when 'purchase.negarAnalise' then 1
      when 'purchase.negarGestor' then 3
      when 'purchase.negarDiretor' then 4 end
    from audit_log a
    where a.entity = 'purchase' and a.entity_id = cast(purchase_requests.id as varchar(20))
      and a.action in ('purchase.negarAnalise', 'purchase.negarGestor', 'purchase.negarDiretor')
    order by a.id desc limit 1)
  where status = 10 and denied_from is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchase_requests').dropColumn('denied_from').execute();
}
