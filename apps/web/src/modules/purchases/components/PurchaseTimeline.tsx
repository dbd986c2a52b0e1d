import type { PurchaseDetail } from '@intranet/contracts';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

const COLOR = { done: 'green', current: 'blue', pending: 'gray', denied: 'red' } as const;

/** The 10-stage timeline (spec §4), states computed by contracts' purchaseTimeline. */
export function PurchaseTimeline({ stages }: { stages: PurchaseDetail['stages'] }) {
  return (
    <Group
      gap={4}
      wrap="nowrap"
      style={{ overflowX: 'auto' }}
      aria-label="Etapas da solicitação"
      role="list"
      // On a phone the stages scroll sideways: by keyboard too.
      tabIndex={0}
    >
      {stages.map((s, i) => (
        <Stack
          key={s.key}
          gap={4}
          align="center"
          w="5.6rem"
          miw="5.6rem"
          role="listitem"
          data-stage={s.key}
          data-state={s.state}
          aria-current={s.state === 'current' ? 'step' : undefined}
        >
          <ThemeIcon
            radius="xl"
            size={30}
            color={COLOR[s.state]}
            variant={s.state === 'pending' ? 'light' : 'filled'}
          >
            {s.state === 'denied' ? (
              <IconX size={16} aria-label="Negado" />
            ) : s.state === 'done' ? (
              <IconCheck size={16} aria-hidden />
            ) : (
              <Text size="xs" fw={700}>
                {i + 1}
              </Text>
            )}
          </ThemeIcon>
          <Text size="xs" ta="center" lh={1.2} c={s.state === 'pending' ? 'dimmed' : undefined}>
            {s.state === 'denied' ? 'Negado' : s.label}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}
