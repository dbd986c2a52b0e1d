import type { DbOrTx } from '../../db/database.ts';
import { ilike, likeContains } from '../../db/dialect.ts';
import { containsText } from '../../platform/text-search.ts';
import { isPurchasingUser, purchasingUsers } from './purchases.queries.ts';

/**
 * "Quem retirou" (purchases.policy.ts#mayBeRecordedAsPicker): the requester first when he is active
 * and matches the text, then the users of Compras.
 */
export async function pickupCandidates(
  db: DbOrTx,
  requesterId: number,
  text: string | undefined,
  limit = 50,
) {
  let requester = db
    .selectFrom('users')
    .select(['users.id', 'users.nome', 'users.matricula'])
    .where('users.id', '=', requesterId)
    .where('users.active', '=', 1);
  if (text) {
    requester = requester.where((eb) =>
      eb.or([
        containsText(db, { table: 'users', column: 'nome' }, text),
        ilike('users.matricula', likeContains(text)),
      ]),
    );
  }
  const [own, compras] = await Promise.all([requester.execute(), purchasingUsers(db, text, limit)]);
  return [
    ...own.map((u) => ({ ...u, requester: true })),
    ...compras.filter((u) => u.id !== requesterId).map((u) => ({ ...u, requester: false })),
  ].slice(0, limit);
}

/** An active user and whether he is in Compras; undefined for anyone else. */
export async function activeUserSectors(db: DbOrTx, userId: number) {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return user ? { id: user.id, inCompras: await isPurchasingUser(db, userId) } : undefined;
}
