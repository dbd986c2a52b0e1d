import { DEMO } from '../harness.ts';
import type { AuthzModule } from './index.ts';

/** The last backup's card: administrators only. */
const backup: AuthzModule = {
  module: 'backup',
  entries: [
    { method: 'GET', url: '/api/admin/backups', as: null, expect: 401 },
    { method: 'GET', url: '/api/admin/backups', as: DEMO.juridico, expect: 403 },
    {
      method: 'GET',
      url: '/api/admin/backups',
      as: DEMO.gestorCompras,
      expect: 403,
      note: 'a Gestor manages users, not backups',
    },
    { method: 'GET', url: '/api/admin/backups', as: DEMO.admin, expect: 200 },
  ],
};

export default backup;
