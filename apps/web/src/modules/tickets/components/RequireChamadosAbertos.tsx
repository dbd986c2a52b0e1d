import { canOpenChamadosAbertos, MSG } from '@intranet/contracts';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../../platform/session.tsx';

/** /ChamadosAbertos: admin or support only; others get the alert and go to / (spec §2). */
export function RequireChamadosAbertos({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const allowed = user ? canOpenChamadosAbertos(user) : false;
  useEffect(() => {
    if (!allowed) notifications.show({ color: 'red', title: 'Acesso negado', message: MSG.noPageAccess });
  }, [allowed]);
  if (!allowed) return <Navigate to="/" replace />;
  return children;
}
