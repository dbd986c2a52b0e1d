import {
  canManageCompanySettings,
  MAIL_SETTINGS_MSG,
  type MailSettingsBody,
  type MailSettingsReply,
  type MailTestReply,
  type SessionUser,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest } from '../../platform/errors.ts';
import { itEmailOf, mailFromOf, putSetting, SETTING } from '../../platform/settings.ts';

/** The E-mail screen (issue 34, decision 0115): the IT address, the sender, a test message. */
export async function mailSettings(ctx: AppContext, user: SessionUser): Promise<MailSettingsReply> {
  authorize(canManageCompanySettings(user));
  const [itEmail, mailFrom] = await Promise.all([itEmailOf(ctx.db), mailFromOf(ctx.db, ctx.config.mailFrom)]);
  return { itEmail, mailFrom, delivery: ctx.mailer.delivery };
}

export async function setMailSettings(
  ctx: AppContext,
  user: SessionUser,
  b: MailSettingsBody,
): Promise<string> {
  authorize(canManageCompanySettings(user));
  return auditedChange(ctx.db, user.userId, async (tx, record) => {
    await putSetting(tx, SETTING.itEmail, b.itEmail);
    await putSetting(tx, SETTING.mailFrom, b.mailFrom);
    record({
      action: 'settings.mail.set',
      entity: 'settings',
      entityId: 'mail',
      summary: `E-mail da TI: ${b.itEmail}; remetente: ${b.mailFrom}`,
    });
    return MAIL_SETTINGS_MSG.saved;
  });
}

/**
 * Sends a message to the administrator's own address and answers what the SMTP server said: its
 * reply line when it took the message, or the error (a refused recipient, a connection that
 * failed) — a failed test is an answer, not an error of this call. The attempt is audited.
 */
export async function sendTestMail(
  ctx: AppContext,
  user: SessionUser,
  log: FastifyBaseLogger,
): Promise<MailTestReply> {
  authorize(canManageCompanySettings(user));
  const me = await ctx.db
    .selectFrom('users')
    .select(['email', 'nome'])
    .where('id', '=', user.userId)
    .executeTakeFirst();
  const to = me?.email?.trim();
  if (!to) throw badRequest(MAIL_SETTINGS_MSG.noOwnAddress);
  let reply: MailTestReply;
  try {
    const receipt = await ctx.mailer.send({
      to,
      subject: MAIL_SETTINGS_MSG.testSubject,
      text: `Olá, ${me?.nome ?? ''}.\n\nEste é um e-mail de teste enviado pela tela E-mail da intranet.\n`,
    });
    const ok = receipt.rejected.length === 0 && receipt.accepted.length > 0;
    const message =
      ctx.mailer.delivery === 'outbox'
        ? `Sem servidor SMTP (SMTP_URL): o e-mail para ${to} foi gravado na caixa de saída do servidor.`
        : ok
          ? `O servidor SMTP aceitou o e-mail para ${to}.`
          : `O servidor SMTP recusou o e-mail para ${to}.`;
    reply = {
      ok,
      to,
      message,
      response: receipt.response,
    };
  } catch (err) {
    log.warn({ err }, 'e-mail de teste falhou');
    const response = err instanceof Error ? err.message : String(err);
    reply = { ok: false, to, message: `Falha ao enviar o e-mail de teste para ${to}.`, response };
  }
  await auditedChange(ctx.db, user.userId, async (_tx, record) =>
    record({
      action: 'settings.mail.test',
      entity: 'settings',
      entityId: 'mail',
      summary: `E-mail de teste para ${to}: ${reply.ok ? 'aceito' : 'não enviado'} (${reply.response.slice(0, 200)})`,
    }),
  );
  return reply;
}
