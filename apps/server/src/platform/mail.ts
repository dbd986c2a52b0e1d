import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MailModule } from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A module's per-event e-mail (a call answered, a request at a new stage): not sent to a person
   * who muted that module in his profile. Security mail (recovery codes, first access) has none.
   */
  module?: MailModule;
}

/** What the mail server answered: its reply line and the addresses it took or refused. */
export interface MailReceipt {
  response: string;
  accepted: string[];
  rejected: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<MailReceipt>;
  /** Where mail goes: an SMTP server, or the outbox folder. */
  readonly delivery: 'smtp' | 'outbox';
}

const addresses = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((a) => (typeof a === 'string' ? a : String(a?.address ?? a))) : [];

/** The answer of a per-event e-mail its recipient muted: nothing was sent. */
const MUTED: MailReceipt = { response: 'silenciado pelo destinatário', accepted: [], rejected: [] };

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to `outboxDir` as an .eml file
 * (and logged), so recovery codes work on a laptop without a mail server. The sender is read at
 * each message (the E-mail screen changes it without a restart: decision 0115). A module's
 * per-event mail asks `muted` first: the one place where a recipient's mute is kept (decision 0122).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: () => Promise<string>;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Whether the person at `to` muted the per-event e-mails of `module`. */
  muted?: (to: string, module: MailModule) => Promise<boolean>;
}): Mailer {
  const delivery = options.smtpUrl ? 'smtp' : 'outbox';
  const deliver = options.smtpUrl ? smtpDelivery(options.smtpUrl, options) : outboxDelivery(options);
  return {
    delivery,
    async send({ module, ...message }) {
      if (module !== undefined && (await options.muted?.(message.to, module))) return MUTED;
      return deliver(message);
    },
  };
}

type Deliver = (message: Omit<MailMessage, 'module'>) => Promise<MailReceipt>;
type DeliveryOptions = { from: () => Promise<string>; outboxDir: string; log: FastifyBaseLogger };

function smtpDelivery(smtpUrl: string, options: DeliveryOptions): Deliver {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    const info = await transport.sendMail({ from: await options.from(), ...message });
    options.log.info({ to: message.to, subject: message.subject }, 'e-mail enviado');
    return {
      response: info.response,
      accepted: addresses(info.accepted),
      rejected: addresses(info.rejected),
    };
  };
}

function outboxDelivery(options: DeliveryOptions): Deliver {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message) => {
    const info = await transport.sendMail({ from: await options.from(), ...message });
    await fs.mkdir(options.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(options.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    options.log.info({ to: message.to, subject: message.subject, file }, 'e-mail gravado na caixa de saída');
    return { response: `gravado em ${path.basename(file)}`, accepted: [message.to], rejected: [] };
  };
}
