import { DEMO } from '../harness.ts';
import type { AuthzModule } from './index.ts';

/** A staff file every seeded database holds (a demo banner). */
const BANNER_FILE = '/api/files/banners/demo-banner-boas-vindas.jpg';

const platform: AuthzModule = {
  module: 'platform',
  entries: [
    { method: 'GET', url: '/api/health', as: null, expect: 200 },
    {
      method: 'GET',
      url: '/api/health',
      as: DEMO.colaborador,
      expect: 200,
      note: 'public, even before the policy',
    },
    { method: 'GET', url: '/api/health/ready', as: null, expect: 200 },
    {
      method: 'GET',
      url: '/api/health/ready',
      as: DEMO.colaborador,
      expect: 200,
      note: 'public: a balancer asks it',
    },
    // Its credential is METRICS_TOKEN, not a session: unset (as here) it answers 404 to everyone.
    { method: 'GET', url: '/metrics', as: null, expect: 404 },
    { method: 'GET', url: '/metrics', as: DEMO.admin, expect: 404, note: 'a session is no metrics token' },

    // Staff files (photos, notice images, banners): every signed-in member who accepted the policy.
    { method: 'GET', url: BANNER_FILE, as: null, expect: 401 },
    { method: 'GET', url: BANNER_FILE, as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'GET', url: BANNER_FILE, as: DEMO.juridico, expect: 200 },
    { method: 'GET', url: BANNER_FILE, as: DEMO.admin, expect: 200 },
    { method: 'HEAD', url: BANNER_FILE, as: null, expect: 401 },
    { method: 'HEAD', url: BANNER_FILE, as: DEMO.colaborador, expect: 403, proves: 'policy-gate' },
    { method: 'HEAD', url: BANNER_FILE, as: DEMO.suporteTi, expect: 200 },
  ],
};

export default platform;
