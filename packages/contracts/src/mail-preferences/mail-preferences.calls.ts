import { endpoint } from '../http/endpoint.ts';
import { okReply } from '../http/replies.ts';
import { mailPreferences } from './mail-preferences.schemas.ts';

/** The caller's own e-mail notifications (issue 35, decision 0122): nobody reads or sets another's. */
export const mailPreferencesCalls = {
  read: endpoint({
    method: 'GET',
    path: '/api/me/notificacoes',
    summary: "The caller's daily digest choice and the modules whose per-event e-mails he muted.",
    reply: mailPreferences,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/me/notificacoes',
    summary: "Sets the caller's daily digest (on/off) and the modules whose per-event e-mails he mutes.",
    body: mailPreferences,
    reply: okReply,
  }),
};
