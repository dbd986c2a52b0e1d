import { z } from 'zod';
import '../zod-locale.ts';

/**
 * The modules that send an e-mail per event (a call answered, a purchase request at a new stage…):
 * each person may mute each one. Security mail (recovery codes, first access) is none of them.
 */
export const MAIL_MODULES = ['chamados', 'compras', 'rh', 'calendario'] as const;
export type MailModule = (typeof MAIL_MODULES)[number];

export const MAIL_MODULE_LABEL: Record<MailModule, string> = {
  chamados: 'Chamados',
  compras: 'Compras',
  rh: 'RH',
  calendario: 'Calendário',
};

/** The profile's "Notificações por e-mail" (issue 35, decision 0122). */
export const MAIL_PREFERENCES_MSG = {
  title: 'Notificações por e-mail',
  description: 'Escolha o que a Intranet envia para o seu e-mail.',
  digestLabel: 'Resumo diário das minhas pendências',
  digestHint: 'Um e-mail por dia, de manhã, com o que espera por você (só nos dias em que algo espera).',
  modulesLabel: 'E-mails a cada novidade',
  modulesHint: 'Desmarque um módulo para não receber mais os e-mails de cada novidade dele.',
  securityNote: 'E-mails de segurança (código de recuperação de senha, primeiro acesso) são sempre enviados.',
  noEmail: 'Seu usuário não tem e-mail cadastrado: cadastre-o em Contato para receber e-mails.',
  save: 'Salvar notificações',
  saved: 'Notificações por e-mail salvas.',
  saveError: 'Não foi possível salvar as notificações por e-mail.',
  loadError: 'Não foi possível carregar suas notificações por e-mail.',
  digestInvalid: 'Informe se deseja receber o resumo diário (verdadeiro ou falso).',
  moduleInvalid: `Módulo de e-mail desconhecido: use ${MAIL_MODULES.join(', ')}.`,
  moduleRepeated: 'Cada módulo pode aparecer só uma vez na lista de e-mails silenciados.',
  mutedInvalid: 'Informe a lista de módulos silenciados (pode ser vazia).',
} as const;

/** GET and PUT /api/me/notificacoes: the daily digest (off by default) and the muted modules. */
export const mailPreferences = z.object({
  dailyDigest: z.boolean({ error: MAIL_PREFERENCES_MSG.digestInvalid }),
  muted: z
    .array(z.enum(MAIL_MODULES, { error: MAIL_PREFERENCES_MSG.moduleInvalid }), {
      error: MAIL_PREFERENCES_MSG.mutedInvalid,
    })
    .max(MAIL_MODULES.length, { error: MAIL_PREFERENCES_MSG.moduleRepeated })
    .refine((list) => new Set(list).size === list.length, { error: MAIL_PREFERENCES_MSG.moduleRepeated }),
});
export type MailPreferences = z.output<typeof mailPreferences>;
