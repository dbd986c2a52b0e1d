import { LIMITS } from '@intranet/contracts';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/**
 * The top-right toasts (spec §8). `notifications.show` only writes to Mantine's store; the component
 * that draws them (with its transitions and portal) is fetched when the first toast is shown, so the
 * sign-in page does not download it. It stays mounted from then on.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={LIMITS.toastMs} />
    </Suspense>
  );
}
