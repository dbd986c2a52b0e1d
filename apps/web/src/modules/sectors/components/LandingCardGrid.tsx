import type { LandingCard } from '@intranet/contracts';
import { SimpleGrid } from '@mantine/core';
import {
  IconApps,
  IconCalendarEvent,
  IconFolder,
  IconGavel,
  IconHeartHandshake,
  IconLayoutGrid,
  IconShoppingCart,
  IconTicket,
  IconVideo,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { ActionTile } from '../../../ui/ActionTile.tsx';

const CARD_ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  '/chamadosabertos': IconTicket,
  '/requestopened': IconShoppingCart,
  '/managerfines': IconGavel,
  '/mainscreamrh': IconHeartHandshake,
  '/homeanexooperacao': IconVideo,
  '/foldersfiles': IconFolder,
  '/apps': IconApps,
  '/agendevents': IconCalendarEvent,
};

/** The large cards of a sector page, each a link to its screen. */
export function LandingCardGrid({ cards }: { cards: LandingCard[] }) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: 4 }}
      spacing={{ base: 'sm', sm: 'lg' }}
      data-testid="sector-cards"
    >
      {cards.map((c) => {
        const Icon = CARD_ICONS[c.path.toLowerCase()] ?? IconLayoutGrid;
        return (
          <ActionTile
            key={c.path}
            label={c.label}
            icon={<Icon size={32} stroke={1.5} />}
            to={c.path}
            size="lg"
            testId="sector-card"
          />
        );
      })}
    </SimpleGrid>
  );
}
