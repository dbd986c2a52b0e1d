/** The tickets bench's data set, also loaded by bench/lists-timing.ts. */
import { DEPARTMENTS, PROBLEM_TYPES } from '@intranet/contracts';
import type { Db } from '../../apps/server/src/db/database.ts';
import { DEMO_USERS } from '../../apps/server/src/seed/demo-data.ts';

const STATUSES = [0, 1, 2, 3, 3, 3, 3, 20, 21];

/**
 * `count` calls over the last two years straight into the database in batch inserts, spread over
 * the demo users (so each requester's name is in 1 of 9 calls), departments and statuses.
 */
export async function loadCalls(db: Db, count: number): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'matricula', 'nome']).execute();
  const attendant = users.find((u) => u.matricula === '1004')!;
  const since = Date.now() - 2 * 365 * 86_400_000;
  await db.transaction().execute(async (tx) => {
    for (let offset = 0; offset < count; offset += 1000) {
      const rows = Array.from({ length: Math.min(1000, count - offset) }, (_, k) => {
        const i = offset + k;
        const u = users[i % users.length]!;
        const sectors = DEMO_USERS.find((d) => d.matricula === u.matricula)?.sectors ?? [];
        const dep = DEPARTMENTS[(i * 7) % DEPARTMENTS.length]!;
        const status = STATUSES[i % STATUSES.length]!;
        const at = new Date(since + Math.floor((i / count) * (Date.now() - since))).toISOString();
        return {
          problema: PROBLEM_TYPES[dep][i % PROBLEM_TYPES[dep].length]!,
          dep,
          descricao: `Chamado de carga número ${i}: descrição do problema para o benchmark.`,
          filial: i % 3 === 0 ? 'Maua' : 'Matriz',
          status,
          user_id: u.id,
          nome_usuario: u.nome,
          matricula_usuario: u.matricula,
          setores_usuario: sectors.join(', '),
          suporte_id: status === 0 ? null : attendant.id,
          nome_suporte: status === 0 ? null : attendant.nome,
          matricula_suporte: status === 0 ? null : attendant.matricula,
          request_id: null,
          created_at: at,
          updated_at: at,
        };
      });
      await tx.insertInto('calls').values(rows).execute();
    }
  });
}
