import { MSG } from '@intranet/contracts';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';

/** A page its policy refuses: the spec §2 alert, then back to the start. */
export function RequireAccess({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  useEffect(() => {
    if (!allowed) notifications.show({ color: 'red', title: 'Acesso negado', message: MSG.noPageAccess });
  }, [allowed]);
  if (!allowed) return <Navigate to="/" replace />;
  return children;
}
