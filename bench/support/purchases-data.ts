/** The purchases bench's data set, also loaded by bench/lists-timing.ts. */
import { JUSTIFICATIONS } from '@intranet/contracts';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.ts';
import { DEMO_USERS } from '../../apps/server/src/seed/demo-data.ts';

/** Most requests end finished or denied; some wait at each stage. */
const STATUSES = [9, 9, 9, 9, 10, 10, 0, 1, 2, 3, 4, 5, 6, 7, 8];
const PRODUCTS = [
  'Cadeira ergonômica',
  'Notebook',
  'Monitor 24 polegadas',
  'Empilhadeira elétrica',
  'Pneu para carreta',
  'Manutenção do ar-condicionado',
  'Impressora térmica',
  'Caixa de ferramentas',
  'Uniforme de motorista',
  'Licença de software',
];

/**
 * `count` purchase requests over the last two years straight into the database in batch inserts,
 * with their `purchase_request_sectors` rows (what opening a request writes).
 */
export async function loadPurchases(db: Db, count: number): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'matricula', 'nome']).execute();
  const sectorsOf = (matricula: string) => DEMO_USERS.find((d) => d.matricula === matricula)?.sectors ?? [];
  const since = Date.now() - 2 * 365 * 86_400_000;
  await db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('purchase_requests')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    for (let offset = 0; offset < count; offset += 500) {
      const rows = Array.from({ length: Math.min(500, count - offset) }, (_, k) => {
        const i = offset + k;
        const u = users[i % users.length]!;
        const sectors = sectorsOf(u.matricula);
        const at = new Date(since + Math.floor((i / count) * (Date.now() - since))).toISOString();
        const servico = i % 4 === 0;
        return {
          typerequest: servico ? 'servico' : 'compra',
          descript: `${PRODUCTS[i % PRODUCTS.length]} ${i}`,
          qnt: 1 + (i % 12),
          justify: JUSTIFICATIONS[i % JUSTIFICATIONS.length]!,
          justify_descript: 'Carga do benchmark de compras.',
          estima_val: 10_000 + (i % 500) * 1_000,
          priority: 1 + (i % 3),
          filial: i % 3 === 0 ? 'Maua' : 'Matriz',
          link: servico ? null : 'https://loja.example/produto',
          status: STATUSES[i % STATUSES.length]!,
          material_sol: 0,
          in_quote: 0,
          user_id: u.id,
          nome_usuario: u.nome,
          matricula_usuario: u.matricula,
          setores_usuario: sectors.join(', ') || null,
          setor_usuario: sectors[0] ?? null,
          created_at: at,
          updated_at: at,
        };
      });
      await tx.insertInto('purchase_requests').values(rows).execute();
    }
    // The requester's sectors, one row each (what opening a request writes).
    for (const u of users) {
      for (const sector of sectorsOf(u.matricula)) {
        await tx
          .insertInto('purchase_request_sectors')
          .columns(['request_id', 'sector', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('purchase_requests')
              .select(['id', sql.lit(sector).as('sector'), 'created_at'])
              .where('user_id', '=', u.id)
              .where('id', '>', before?.max ?? 0),
          )
          .execute();
      }
    }
  });
}
