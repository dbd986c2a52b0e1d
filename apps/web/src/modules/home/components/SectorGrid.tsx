import { sectorGrid } from '@intranet/contracts';
import { SimpleGrid } from '@mantine/core';
import { useOrgLists } from '../../../api/org.ts';
import { useUser } from '../../../platform/session.tsx';
import { ActionTile } from '../../../ui/ActionTile.tsx';
import { SectorIcon } from '../../../ui/SectorIcon.tsx';

/** Acessar Ambiente: the nine sectors in spec order; the user's own are links, the rest greyed out. */
export function SectorGrid() {
  const user = useUser();
  const sectors = sectorGrid(user, useOrgLists().sectors);
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing={{ base: 'sm', sm: 'md' }} data-testid="sector-grid">
      {sectors.map((s) => (
        <ActionTile
          key={s.key}
          label={s.label}
          icon={<SectorIcon sector={s.key} size={26} stroke={1.6} />}
          to={s.enabled ? s.path : undefined}
          disabled={!s.enabled}
          disabledReason="Você não tem acesso a este setor"
          testId="sector-tile"
          data={{ 'data-sector': s.key, 'data-enabled': s.enabled ? 'true' : 'false' }}
        />
      ))}
    </SimpleGrid>
  );
}
