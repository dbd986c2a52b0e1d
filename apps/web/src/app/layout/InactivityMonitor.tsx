import { LIMITS } from '@intranet/contracts';
import { Button, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClock } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../platform/session.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/** What counts as the user being there (spec §4). */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;
/** Activity is recorded at most this often; the idle timer itself is never reset per event. */
const ACTIVITY_THROTTLE_MS = 500;
const WARNING_MS = LIMITS.inactivityWarningSeconds * 1000;
const TICK_MS = 250;

export function warningText(seconds: number): string {
  return `Você está inativo. Sua sessão será encerrada em ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`;
}

/**
 * After 5 minutes without mouse, key, touch or scroll activity, warns with a 30-second countdown;
 * at zero the session ends and the user goes to /login. Only "Continuar conectado" dismisses the
 * warning. Every decision is taken from Date.now(), so late timers (a sleeping laptop, a fake
 * clock in tests) give the right answer.
 */
export function InactivityMonitor() {
  const { logout, refresh } = useSession();
  const navigate = useNavigate();
  const lastActivity = useRef(Date.now());
  const warningOpen = useRef(false);
  const expired = useRef(false);
  /** When the session ends, while the warning shows; null otherwise. */
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState<number>(LIMITS.inactivityWarningSeconds);

  const expire = useCallback(async () => {
    if (expired.current) return;
    expired.current = true;
    warningOpen.current = false;
    setDeadline(null);
    await logout();
    navigate('/login', { replace: true });
    notifications.show({
      color: 'yellow',
      title: 'Sessão encerrada',
      message: 'Sua sessão foi encerrada por inatividade. Entre novamente para continuar.',
    });
  }, [logout, navigate]);

  // Record activity (throttled). While the warning shows, activity does not count.
  useEffect(() => {
    const onActivity = () => {
      if (warningOpen.current) return;
      const now = Date.now();
      if (now - lastActivity.current >= ACTIVITY_THROTTLE_MS) lastActivity.current = now;
    };
    const options: AddEventListenerOptions = { passive: true, capture: true };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, options);
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, options);
    };
  }, []);

  // The idle timer: wakes when the timeout could be over and checks the real idle time.
  useEffect(() => {
    if (deadline !== null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const now = Date.now();
      const idle = now - lastActivity.current;
      if (idle < LIMITS.inactivityTimeoutMs) {
        timer = setTimeout(check, LIMITS.inactivityTimeoutMs - idle);
        return;
      }
      // Woken far too late (a sleeping laptop): the warning's time has already run out.
      if (idle >= LIMITS.inactivityTimeoutMs + WARNING_MS) {
        void expire();
        return;
      }
      warningOpen.current = true;
      setSecondsLeft(LIMITS.inactivityWarningSeconds);
      setDeadline(now + WARNING_MS);
    };
    timer = setTimeout(check, Math.max(0, LIMITS.inactivityTimeoutMs - (Date.now() - lastActivity.current)));
    return () => clearTimeout(timer);
  }, [deadline, expire]);

  // The countdown while the warning shows.
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left <= 0) void expire();
    };
    tick();
    const interval = setInterval(tick, TICK_MS);
    return () => clearInterval(interval);
  }, [deadline, expire]);

  const stayConnected = () => {
    lastActivity.current = Date.now();
    warningOpen.current = false;
    setDeadline(null);
    setSecondsLeft(LIMITS.inactivityWarningSeconds);
    // Touch the server session too, so that it does not idle out either.
    void refresh();
  };

  return (
    <Dialog
      opened={deadline !== null}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
      size="md"
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="md" variant="light" color="yellow" aria-hidden>
            <IconClock size={22} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            Sessão inativa
          </Text>
        </Group>
      }
      data-testid="inactivity-modal"
      transitionProps={{ duration: 150 }}
    >
      <Stack gap="md">
        <Text data-testid="inactivity-message">{warningText(secondsLeft)}</Text>
        <Progress
          value={(secondsLeft / LIMITS.inactivityWarningSeconds) * 100}
          color={secondsLeft <= 10 ? 'red' : 'brand'}
          aria-hidden
          transitionDuration={TICK_MS}
        />
        <Group justify="flex-end">
          <Button color="brand.9" onClick={stayConnected} data-autofocus>
            Continuar conectado
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
