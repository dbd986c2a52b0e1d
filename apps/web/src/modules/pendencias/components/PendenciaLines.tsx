import { PENDENCIA_KIND_LABEL, PENDENCIAS_MSG, type PendenciaItem, pendenciaWhen } from '@intranet/contracts';
import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSeeInvitation } from '../pendencias.api.ts';
import classes from './pendencias.module.css';

const KIND_COLOR: Record<PendenciaItem['kind'], string> = {
  ticket: 'blue',
  purchase: 'teal',
  hr: 'grape',
  fine: 'red',
  event: 'orange',
};

/**
 * The lines of Minhas pendências: each a link that opens its record, saying what it is, the action
 * it waits for and since when. Opening an invitation marks it seen.
 */
export function PendenciaLines({ items }: { items: readonly PendenciaItem[] }) {
  const see = useSeeInvitation();
  return (
    <ul className={classes.lines} aria-label={PENDENCIAS_MSG.title}>
      {items.map((item) => (
        <li key={`${item.kind}:${item.id}`}>
          <UnstyledButton
            component={Link}
            to={item.href}
            className={classes.line}
            data-testid="pendencia"
            onClick={() => {
              if (item.kind === 'event') see.mutate(item.id);
            }}
          >
            <div className={classes.lineText}>
              <Group gap={8} wrap="nowrap" mb={2}>
                <Badge size="sm" variant="light" color={KIND_COLOR[item.kind]} className={classes.kind}>
                  {PENDENCIA_KIND_LABEL[item.kind]}
                </Badge>
                <Text size="xs" c="dimmed" truncate>
                  {pendenciaWhen(item)}
                </Text>
              </Group>
              <Text fw={600} size="sm" className={classes.title}>
                {item.title}
              </Text>
              <Text size="sm" c="brand.8">
                {item.action}
              </Text>
            </div>
            <IconChevronRight size={18} aria-hidden className={classes.chevron} />
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}
