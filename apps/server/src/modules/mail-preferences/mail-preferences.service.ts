import {
  MAIL_MODULE_LABEL,
  MAIL_PREFERENCES_MSG,
  type MailModule,
  type MailPreferences,
  type SessionUser,
} from '@intranet/contracts';
import { nowIso } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import * as q from './mail-preferences.queries.ts';

/** The caller's own choices (nobody reads another's). */
export const readOwnPreferences = (ctx: AppContext, user: SessionUser) =>
  q.readPreferences(ctx.db, user.userId);

const summaryOf = (p: MailPreferences) =>
  `Notificações por e-mail: resumo diário ${p.dailyDigest ? 'ligado' : 'desligado'}; silenciados: ${
    p.muted.length === 0 ? 'nenhum' : p.muted.map((m) => MAIL_MODULE_LABEL[m]).join(', ')
  }`;

export async function saveOwnPreferences(ctx: AppContext, user: SessionUser, body: MailPreferences) {
  await auditedChange(ctx.db, user.userId, async (tx, record) => {
    await q.writePreferences(tx, user.userId, body, nowIso());
    record({
      action: 'user.mail_preferences',
      entity: 'user',
      entityId: user.userId,
      summary: summaryOf(body),
    });
  });
  return { success: true as const, message: MAIL_PREFERENCES_MSG.saved };
}

/** The mailer asks this before a module's per-event e-mail (app.ts): the one place mutes are kept. */
export const addressMuted = (ctx: Pick<AppContext, 'db'>, to: string, module: MailModule) =>
  q.addressMuted(ctx.db, to, module);
