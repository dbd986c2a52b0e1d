import { canEnterSector, landingCards, roleSectorName, type SectorRoute } from '@intranet/contracts';
import { Alert, Button, Paper, Text } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useOrgLists } from '../../../api/org.ts';
import { useUser } from '../../../platform/session.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { SectorIcon } from '../../../ui/SectorIcon.tsx';
import { LandingCardGrid } from '../components/LandingCardGrid.tsx';

/** A sector's landing page: its service cards (spec §2 "Sector landing cards"). */
export function SectorPage({ sector }: { sector: SectorRoute }) {
  const user = useUser();
  const label = roleSectorName(useOrgLists().sectors, sector.key);
  const icon = <SectorIcon sector={sector.key} size={28} stroke={1.6} />;

  if (!canEnterSector(user, sector)) {
    return (
      <>
        <PageTitle title={label} icon={icon} />
        <Alert
          color="yellow"
          variant="light"
          radius="lg"
          icon={<IconLock size={20} />}
          title="Acesso restrito"
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          data-testid="sector-no-access"
        >
          <Text size="sm" mb="md">
            Você não tem acesso ao setor {label}.
          </Text>
          <Button
            component={Link}
            to="/"
            variant="light"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Voltar para o início
          </Button>
        </Alert>
      </>
    );
  }

  const cards = landingCards(user, sector.key);
  return (
    <>
      <PageTitle title={label} icon={icon} description="Escolha um dos serviços abaixo." />
      {cards.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="sector-cards-empty">
          <Text c="dimmed" ta="center">
            Nenhum serviço disponível para o seu perfil neste setor.
          </Text>
        </Paper>
      ) : (
        <LandingCardGrid cards={cards} />
      )}
    </>
  );
}
