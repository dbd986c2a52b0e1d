import {
  APP_TIME_ZONE,
  formatDate,
  PENDENCIA_KIND_LABEL,
  type PendenciaItem,
  pendenciasListQuery,
  pendenciaWhen,
  toDateOnly,
} from '@intranet/contracts';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import type { Mailer } from '../../platform/mail.ts';
import { loadSessionUser } from '../../platform/sessions.ts';
import { listPendencias } from '../pendencias/pendencias.service.ts';
import * as q from './mail-preferences.queries.ts';

/** What a digest run needs: the database, the mailer and where people open the intranet. */
export interface DigestContext {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  log: FastifyBaseLogger;
}

/** Days a digest's claim row is kept (what went out lately can be read), then each run removes it. */
const CLAIMS_KEPT_DAYS = 30;

const lineOf = (publicUrl: string, item: PendenciaItem) =>
  `• ${PENDENCIA_KIND_LABEL[item.kind]}: ${item.title}\n  ${item.action}, ${pendenciaWhen(item)}\n  ${publicUrl}${item.href}`;

/** The digest: the first page of Minhas pendências, each line with the link that opens its record. */
export function digestMail(
  publicUrl: string,
  name: string,
  day: string,
  page: { rows: PendenciaItem[]; total?: number; totalCapped?: boolean },
) {
  const n = Math.max(page.total ?? 0, page.rows.length);
  const count = `${n}${page.totalCapped ? '+' : ''}`;
  const subject =
    n === 1 ? 'Intranet: 1 pendência espera por você' : `Intranet: ${count} pendências esperam por você`;
  const more = n - page.rows.length;
  const text = [
    `Olá, ${name.split(' ')[0] ?? name}.`,
    '',
    `Isto espera por você na intranet hoje, ${formatDate(day)}:`,
    '',
    ...page.rows.map((item) => lineOf(publicUrl, item)),
    '',
    `${more > 0 ? `E mais ${more}${page.totalCapped ? '+' : ''}. ` : ''}Veja todas em Minhas pendências: ${publicUrl}/pendencias`,
    '',
    `Você recebe este resumo porque o ligou em Meu perfil › Notificações por e-mail: ${publicUrl}/perfil`,
  ].join('\n');
  return { subject, text };
}

/**
 * Sends today's digest to each person who turned it on and has something waiting: exactly the
 * first page of his Minhas pendências. Each person's send is claimed first (one row per person and
 * São Paulo day), so several processes or servers running at once send it once. Answers how many
 * this run sent.
 */
export async function sendDailyDigests(ctx: DigestContext, now = new Date()): Promise<number> {
  const day = toDateOnly(now);
  const firstPage = pendenciasListQuery.parse({});
  let sent = 0;
  for (const person of await q.digestSubscribers(ctx.db)) {
    try {
      const user = await loadSessionUser(ctx.db, person.id);
      if (!user) continue;
      const page = await listPendencias(ctx, user, firstPage);
      if (page.rows.length === 0) continue;
      if (!(await q.claimDigest(ctx.db, day, person.id, now.toISOString()))) continue;
      try {
        await ctx.mailer.send({
          to: person.email,
          ...digestMail(ctx.config.publicUrl, user.userName, day, page),
        });
        sent++;
      } catch (err) {
        await q.releaseDigest(ctx.db, day, person.id);
        throw err;
      }
    } catch (err) {
      ctx.log.error({ err, userId: person.id }, 'falha ao enviar o resumo diário de pendências');
    }
  }
  await q.pruneDigests(ctx.db, toDateOnly(new Date(now.getTime() - CLAIMS_KEPT_DAYS * 86_400_000)));
  return sent;
}

/**
 * Runs sendDailyDigests every day at DIGEST_HOUR, São Paulo time, on its own database connections
 * (main.ts calls it once per server, like the backups; servers sharing a database send once). A
 * run still going when the next is due is not doubled. Answers a stop.
 */
export function scheduleDigests(
  config: Config,
  log: FastifyBaseLogger,
  open: () => { database: DatabaseHandle; mailer: Mailer },
): () => void {
  const job = new Cron(
    `0 ${config.digestHour} * * *`,
    { timezone: APP_TIME_ZONE, protect: true },
    async () => {
      const { database, mailer } = open();
      try {
        const sent = await sendDailyDigests({ db: database.db, mailer, config, log });
        log.info({ sent }, 'resumo diário de pendências enviado');
      } catch (err) {
        log.error({ err }, 'resumo diário de pendências falhou');
      } finally {
        await database.close();
      }
    },
  );
  return () => job.stop();
}
