import { PENDENCIAS_MSG } from '@intranet/contracts';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePendenciasCount } from '../pendencias.api.ts';

/** The header's bell: how many pendências wait (its name says the number), opening Minhas pendências. */
export function PendenciasBell() {
  const count = usePendenciasCount();
  if (!count.data) return null;
  const { count: n, capped } = count.data;
  return (
    <Indicator label={capped ? `${n}+` : n} size={18} offset={6} color="red" disabled={n === 0}>
      <ActionIcon
        component={Link}
        to="/pendencias"
        size={40}
        radius="xl"
        variant="subtle"
        color="gray"
        c="white"
        aria-label={PENDENCIAS_MSG.bell(n, capped)}
        data-testid="pendencias-bell"
      >
        <IconBell size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
