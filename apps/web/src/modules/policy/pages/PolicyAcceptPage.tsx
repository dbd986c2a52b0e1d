import { Box, Button, Container, Group, Text, ThemeIcon } from '@mantine/core';
import { IconLogout, IconTruckDelivery } from '@tabler/icons-react';
import { useSession } from '../../../platform/session.tsx';
import { PolicyAcceptance } from '../components/PolicyAcceptance.tsx';

/**
 * Shown by the session guard instead of any page until the user accepts the policy. It renders
 * outside the app layout, so it brings its own frame with a way out (Sair).
 */
export function PolicyAcceptPage() {
  const { logout } = useSession();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Box component="header" bg="brand.9" c="white" py="sm">
        <Container size="md">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={36} radius="md" variant="white" color="brand.9" aria-hidden>
                <IconTruckDelivery size={22} />
              </ThemeIcon>
              <Box>
                <Text fw={700} lh={1.2}>
                  Intranet
                </Text>
                <Text size="xs" c="rgba(255,255,255,.8)" lh={1.2}>
                  Rota Sul Logística
                </Text>
              </Box>
            </Group>
            <Button
              variant="white"
              color="brand.9"
              size="xs"
              leftSection={<IconLogout size={16} />}
              onClick={() => void logout()}
            >
              Sair
            </Button>
          </Group>
        </Container>
      </Box>
      <Container size="md" component="main" py="lg">
        <PolicyAcceptance />
      </Container>
    </Box>
  );
}
