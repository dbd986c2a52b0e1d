import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Component, type ReactNode } from 'react';

export const PART_ERROR = {
  part: 'Não foi possível mostrar esta parte da tela.',
  page: 'Não foi possível mostrar esta página.',
  hint: 'Tente novamente. Se o erro continuar, avise a TI.',
  retry: 'Tentar novamente',
} as const;

/** What a screen shows in place of a part (or a page) that failed to draw, with its way out. */
export function PartError({
  scope = 'part',
  onRetry,
  retrying = false,
  children,
}: {
  scope?: 'part' | 'page';
  onRetry: () => void;
  retrying?: boolean;
  children?: ReactNode;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={PART_ERROR[scope]}
      data-testid={`${scope}-error`}
    >
      <Text size="sm">{PART_ERROR.hint}</Text>
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={retrying}
          onClick={onRetry}
        >
          {PART_ERROR.retry}
        </Button>
        {children}
      </Group>
    </Alert>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onReset: () => Promise<unknown>;
}

class Boundary extends Component<BoundaryProps, { failed: boolean; retrying: boolean }> {
  override state = { failed: false, retrying: false };

  static getDerivedStateFromError() {
    return { failed: true, retrying: false };
  }

  retry = async () => {
    this.setState({ retrying: true });
    await this.props.onReset().catch(() => undefined);
    this.setState({ failed: false, retrying: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return <PartError onRetry={this.retry} retrying={this.state.retrying} />;
  }
}

/**
 * A part of a screen (a dialog's or a panel's content) that throws while drawing shows its own
 * error with 'Tentar novamente' while the rest of the page stays in use (issue 32): the route's
 * error screen is only for a page that fails as a whole. Trying again draws the part afresh from
 * newly fetched answers: those only the failed part used are dropped, the page's own fetched again.
 */
export function PartErrorBoundary({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const reset = () => {
    queryClient.removeQueries({ type: 'inactive' });
    return queryClient.refetchQueries({ type: 'active' });
  };
  return <Boundary onReset={reset}>{children}</Boundary>;
}
