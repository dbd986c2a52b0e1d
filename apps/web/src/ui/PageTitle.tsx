import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** The browser tab's suffix on every screen. */
export const APP_TITLE = 'Intranet Rota Sul';

interface PageTitleProps {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  /** A tabler icon element shown in a tinted square before the title. */
  icon?: ReactNode;
  /** Actions on the right (buttons, links). */
  actions?: ReactNode;
}

/** The heading every screen starts with: one h1, an optional icon, description and actions. */
export function PageTitle({ title, description, icon, actions }: PageTitleProps) {
  useDocumentTitle(`${title} · ${APP_TITLE}`);
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="md" mb="lg">
      <Group gap="md" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
        {icon ? (
          <ThemeIcon size={48} radius="md" variant="light" color="brand" aria-hidden>
            {icon}
          </ThemeIcon>
        ) : null}
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 22, sm: 28 }} c="brand.9" lh={1.2}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
      </Group>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
