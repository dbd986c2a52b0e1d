import { LIMITS } from '@intranet/contracts';
import { Button, Container } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconHome, IconTruckDelivery } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { BuscaBox } from '../../modules/busca/busca.public.ts';
import { PendenciasBell, usePendenciasLive } from '../../modules/pendencias/pendencias.public.ts';
import { useUser } from '../../platform/session.tsx';
import classes from './Layout.module.css';
import { UserMenu } from './UserMenu.tsx';

/**
 * Sticky top bar: brand, the search, home button (every page but home), the pendências bell and the
 * user menu.
 * Past 100 px of scroll it turns transparent (data-transparent="true"). The header lives as long as
 * the tab is signed in: it holds the tab's one live stream of pendências.
 */
export function Header() {
  const { pathname } = useLocation();
  const member = useUser().policyAccepted === 1;
  usePendenciasLive(member);
  const [scroll] = useWindowScroll();
  const transparent = scroll.y > LIMITS.headerTransparentAfterPx;
  const isHome = pathname === '/' || pathname === '';

  return (
    <header
      className={classes.header}
      data-testid="app-header"
      data-transparent={transparent ? 'true' : 'false'}
    >
      <Container size="lg" className={classes.headerInner}>
        <div className={classes.brand}>
          <span className={classes.brandMark} aria-hidden>
            <IconTruckDelivery size={22} stroke={1.8} />
          </span>
          <div>
            <div className={classes.brandName}>Rota Sul Logística</div>
            <div className={classes.brandSub}>Intranet</div>
          </div>
        </div>
        <div className={classes.headerActions}>
          {member ? <BuscaBox /> : null}
          {isHome ? null : (
            <Button
              component={Link}
              to="/"
              variant="subtle"
              radius="xl"
              size="sm"
              className={classes.homeButton}
              leftSection={<IconHome size={18} aria-hidden />}
              aria-label="Início"
              data-testid="home-button"
              styles={{ section: { marginInlineEnd: 0 } }}
            >
              <span className={classes.homeLabel} style={{ marginInlineStart: 6 }}>
                Início
              </span>
            </Button>
          )}
          {member ? <PendenciasBell /> : null}
          <UserMenu />
        </div>
      </Container>
    </header>
  );
}
