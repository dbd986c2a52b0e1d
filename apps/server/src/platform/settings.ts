import type { DbOrTx } from '../db/database.ts';

/**
 * The company's settings an administrator edits on screens (issue 34, decision 0115), in the
 * key/value table `settings`. The environment (IT_EMAIL, MAIL_FROM) only gives the first value.
 */
export const SETTING = {
  itEmail: 'it_email',
  mailFrom: 'mail_from',
} as const;

/** The IT address when neither the screen nor IT_EMAIL set one. */
export const DEFAULT_IT_EMAIL = 'ti@rotasul.com.br';

export async function getSetting(db: DbOrTx, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function putSetting(db: DbOrTx, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export const itEmailOf = async (db: DbOrTx) => (await getSetting(db, SETTING.itEmail)) ?? DEFAULT_IT_EMAIL;

/** The sender of every e-mail: the screen's, else MAIL_FROM. */
export const mailFromOf = async (db: DbOrTx, fallback: string) =>
  (await getSetting(db, SETTING.mailFrom)) ?? fallback;
