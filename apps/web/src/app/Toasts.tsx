import { LIMITS } from '@intranet/contracts';
import { useMediaQuery } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/**
 * Where toasts sit so that they never cover a dialog's buttons (issue 32: "Etapa atualizada!" hid
 * the next step's button and the close X). Dialogs keep their title at the left, their X at the
 * right and their buttons below the title bar or in their footer; a toast is a line or two tall
 * and stays in the top 16 px + its height:
 * - desktop: at the top centre, at most 360 px wide, over the empty middle of a dialog's title bar
 *   (every dialog not centred on the screen is at least 620 px wide, its X over 130 px away);
 * - phone: at the top, from the left edge to 80 px short of the right one, over the title of a
 *   full-screen dialog and clear of its X; never at the bottom, where a dialog's footer is.
 */
const DESKTOP = { position: 'top-center', width: 360 } as const;
const PHONE = { position: 'top-left', width: 'calc(100vw - 80px)' } as const;

/**
 * The toasts (spec §8). `notifications.show` only writes to Mantine's store; the component that
 * draws them (with its transitions and portal) is fetched when the first toast is shown, so the
 * sign-in page does not download it. It stays mounted from then on.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Where the detail dialogs open full screen.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  const place = phone ? PHONE : DESKTOP;
  return (
    <Suspense fallback={null}>
      <Notifications position={place.position} containerWidth={place.width} autoClose={LIMITS.toastMs} />
    </Suspense>
  );
}
