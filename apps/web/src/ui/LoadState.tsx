import { Alert, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/client.ts';

/**
 * What a list shows while its query loads, when it fails and when it is empty; `children` once
 * there is something to show. `skeletons` are the heights of the placeholders.
 */
export function LoadState({
  isPending,
  error,
  isEmpty,
  skeletons,
  errorText,
  emptyText,
  emptyTestId,
  children,
}: {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  skeletons: number[];
  errorText: string;
  emptyText: string;
  emptyTestId?: string;
  children: ReactNode;
}) {
  if (isPending) {
    return (
      <Stack gap="md">
        {skeletons.map((height, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height={height} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={20} />}>
        {errorMessage(error, errorText)}
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Paper withBorder radius="lg" p="xl" data-testid={emptyTestId}>
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    );
  }
  return children;
}
