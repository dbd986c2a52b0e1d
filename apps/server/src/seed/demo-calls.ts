import { callStatusLabel } from '@intranet/contracts';
import type { Tx } from '../db/database.ts';
import { DEMO_USERS, type DemoCall } from './demo-data.ts';

/** The demo support calls with their answers and history, in batch inserts (inside the demo transaction). */
export async function seedDemoCalls(
  tx: Tx,
  calls: DemoCall[],
  idOf: (matricula: string) => number,
): Promise<void> {
  const userOf = (matricula: string) => DEMO_USERS.find((u) => u.matricula === matricula)!;
  const at = (daysAgo: number, minutes = 0) =>
    new Date(Date.now() - daysAgo * 86_400_000 + minutes * 60_000).toISOString();
  const inserted = await tx
    .insertInto('calls')
    .values(
      calls.map((c) => {
        const requester = userOf(c.requester);
        const attendant = c.attendant ? userOf(c.attendant) : undefined;
        return {
          problema: c.problem,
          dep: c.dep,
          descricao: c.descript,
          filial: c.filial,
          status: c.status,
          user_id: idOf(c.requester),
          nome_usuario: requester.nome,
          matricula_usuario: requester.matricula,
          setores_usuario: requester.sectors.join(', '),
          suporte_id: attendant ? idOf(attendant.matricula) : null,
          nome_suporte: attendant?.nome ?? null,
          matricula_suporte: attendant?.matricula ?? null,
          request_id: null,
          created_at: at(c.daysAgo),
          updated_at: at(c.daysAgo, 90),
        };
      }),
    )
    .returning('id')
    .execute();
  const ids = inserted.map((r) => r.id).sort((a, b) => a - b);

  const answers = calls.flatMap((c, i) =>
    (c.answers ?? []).map((a, j) => ({
      call_id: ids[i]!,
      user_id: idOf(a.by),
      user_name: userOf(a.by).nome,
      msg: a.msg,
      created_at: at(c.daysAgo, 60 + j * 30),
    })),
  );
  if (answers.length > 0) await tx.insertInto('call_answers').values(answers).execute();

  const history = calls.flatMap((c, i) => {
    const rows = [
      {
        user_id: idOf(c.requester),
        action: 'call.open',
        entity: 'call',
        entity_id: String(ids[i]),
        summary: `Chamado aberto: ${c.problem}`,
        created_at: at(c.daysAgo),
      },
    ];
    if (c.attendant && c.status !== 0) {
      rows.push({
        user_id: idOf(c.attendant),
        action: 'call.atender',
        entity: 'call',
        entity_id: String(ids[i]),
        summary: `Atender: ${callStatusLabel(0)} → ${callStatusLabel(1)}`,
        created_at: at(c.daysAgo, 30),
      });
      if (c.status !== 1) {
        rows.push({
          user_id: idOf(c.attendant),
          action: 'call.status',
          entity: 'call',
          entity_id: String(ids[i]),
          summary: `Status: ${callStatusLabel(1)} → ${callStatusLabel(c.status)}`,
          created_at: at(c.daysAgo, 90),
        });
      }
    }
    return rows;
  });
  await tx.insertInto('audit_log').values(history).execute();
}
