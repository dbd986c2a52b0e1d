import { Box, Button, Center } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { PartError } from '../ui/PartErrorBoundary.tsx';

const reload = () => window.location.reload();

/**
 * A route's errorElement, in Portuguese, instead of React Router's English "Unexpected Application
 * Error" screen. Inside the signed-in frame a page that fails as a whole shows this in the page's
 * place, header and menu still there; `fullPage` is for the frame itself or the sign-in page.
 * Both ways out load the page anew (also when its code could not be downloaded).
 */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const home = (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconHome size={14} aria-hidden />}
      component="a"
      href="/"
    >
      Voltar para o início
    </Button>
  );
  const error = (
    <PartError scope="page" onRetry={reload}>
      {home}
    </PartError>
  );
  return fullPage ? (
    <Center mih="100dvh" p="md">
      <Box maw={560} w="100%">
        {error}
      </Box>
    </Center>
  ) : (
    <Box py="md">{error}</Box>
  );
}
