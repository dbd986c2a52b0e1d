import { LIMITS } from '@intranet/contracts';
import { Button, Paper, Text, ThemeIcon } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconCookie } from '@tabler/icons-react';
import { useState } from 'react';
import { COOKIE_CONSENT_COOKIE, DAY_SECONDS, readCookie, writeCookie } from '../../ui/cookies.ts';
import classes from './Layout.module.css';

/** Fixed at the bottom until the user presses Aceitar; the choice lasts 365 days (spec §9). */
export function CookieConsent() {
  const [accepted, setAccepted] = useState(() => readCookie(COOKIE_CONSENT_COOKIE) === '1');
  const { ref, height } = useElementSize();

  if (accepted) return null;

  const accept = () => {
    writeCookie(COOKIE_CONSENT_COOKIE, '1', LIMITS.cookieConsentDays * DAY_SECONDS);
    setAccepted(true);
  };

  return (
    <>
      {/* Keeps the end of the page (the footer) reachable above the fixed box. */}
      <div aria-hidden className={classes.cookieSpacer} style={{ height: height ? height + 32 : 0 }} />
      <Paper
        ref={ref}
        role="region"
        aria-label="Aviso de cookies"
        data-testid="cookie-consent"
        className={classes.cookieBox}
        shadow="xl"
        radius="lg"
        p="md"
        withBorder
      >
        <div className={classes.cookieInner}>
          <ThemeIcon size={40} radius="md" variant="light" color="brand" aria-hidden visibleFrom="sm">
            <IconCookie size={24} />
          </ThemeIcon>
          <Text size="sm" className={classes.cookieText} style={{ flex: 1 }}>
            Utilizamos cookies essenciais para manter a sua sessão ativa e guardar as suas preferências nesta
            intranet. Ao continuar navegando, você concorda com o uso desses cookies.
          </Text>
          <Button color="brand.9" onClick={accept}>
            Aceitar
          </Button>
        </div>
      </Paper>
    </>
  );
}
