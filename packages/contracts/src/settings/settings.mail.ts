import { z } from 'zod';
import '../zod-locale.ts';

/** The E-mail screen's messages (issue 34, decision 0115). */
export const MAIL_SETTINGS_MSG = {
  itEmailInvalid: 'Informe o e-mail da TI (por exemplo ti@empresa.com.br).',
  senderInvalid:
    'Informe o remetente: um e-mail, ou Nome <e-mail> (por exemplo Intranet <intranet@empresa.com.br>).',
  saved: 'Configurações de e-mail salvas.',
  noOwnAddress: 'Seu usuário não tem e-mail cadastrado: cadastre-o para receber o e-mail de teste.',
  testSubject: 'Intranet: e-mail de teste',
} as const;

const SENDER_MAX = 200;
const isEmail = (v: string) => z.email().safeParse(v).success;
/** "Nome <endereço>" or a bare address. */
const NAMED = /^([^<>"\r\n]*[^<>"\s\r\n])\s*<([^<>\s]+)>$/;

/** The address inside a sender ("Intranet <intranet@x>" → intranet@x), or undefined when none. */
export function senderAddress(sender: string): string | undefined {
  const t = sender.trim();
  const m = NAMED.exec(t);
  const address = m ? m[2] : t;
  return address !== undefined && isEmail(address) ? address : undefined;
}

/** PUT /api/settings/mail and the screen's form: the IT address and the sender (From:). */
export const mailSettingsBody = z.object({
  itEmail: z
    .string({ error: MAIL_SETTINGS_MSG.itEmailInvalid })
    .trim()
    .max(200, { error: MAIL_SETTINGS_MSG.itEmailInvalid })
    .refine(isEmail, { error: MAIL_SETTINGS_MSG.itEmailInvalid }),
  mailFrom: z
    .string({ error: MAIL_SETTINGS_MSG.senderInvalid })
    .trim()
    .max(SENDER_MAX, { error: MAIL_SETTINGS_MSG.senderInvalid })
    .refine((v) => senderAddress(v) !== undefined, { error: MAIL_SETTINGS_MSG.senderInvalid }),
});
export type MailSettingsBody = z.output<typeof mailSettingsBody>;

/** GET /api/settings/mail. */
export const mailSettingsReply = z.object({
  itEmail: z.string(),
  mailFrom: z.string(),
  /** Where mail goes: an SMTP server (SMTP_URL), or the outbox folder on the server's disk. */
  delivery: z.enum(['smtp', 'outbox']),
});
export type MailSettingsReply = z.infer<typeof mailSettingsReply>;

/** POST /api/settings/mail/test: what the SMTP server answered, framed in Portuguese. */
export const mailTestReply = z.object({
  ok: z.boolean(),
  to: z.string(),
  /** "O servidor SMTP aceitou o e-mail para …" / "… recusou …" / "Falha ao enviar: …". */
  message: z.string(),
  /** The server's own answer line (e.g. "250 OK: queued"), or the error text. */
  response: z.string(),
});
export type MailTestReply = z.infer<typeof mailTestReply>;
