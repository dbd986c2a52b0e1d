import { DEMO } from '../harness.ts';
import type { AuthzModule } from './index.ts';

const URL = '/api/me/notificacoes';
const BODY = { dailyDigest: false, muted: [] };

/**
 * Notificações por e-mail: every member reads and sets his own (the caller's id is the session's:
 * there is nobody else's to ask for); the policy gate is the only refusal.
 */
const mailPreferences: AuthzModule = {
  module: 'mail-preferences',
  entries: [
    { method: 'GET', url: URL, as: null, expect: 401 },
    { method: 'GET', url: URL, as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: URL, as: DEMO.juridico, expect: 200 },

    { method: 'PUT', url: URL, as: null, payload: BODY, expect: 401 },
    { method: 'PUT', url: URL, as: DEMO.colaborador, payload: BODY, expect: 403, proves: 'policy-gate' },
    { method: 'PUT', url: URL, as: DEMO.suporteTi, payload: BODY, expect: 200 },
  ],
};

export default mailPreferences;
