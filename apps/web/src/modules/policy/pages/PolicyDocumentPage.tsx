import { Box, Paper } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { PolicyText } from '../components/PolicyText.tsx';

/** /politica-uso-documento: the policy to read, without the agreement box. */
export function PolicyDocumentPage() {
  return (
    <Box maw={960} mx="auto">
      <PageTitle
        title="Política de Uso"
        icon={<IconFileText size={28} />}
        description="Regras de utilização da Intranet da Rota Sul Logística."
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="article">
        <PolicyText />
      </Paper>
    </Box>
  );
}
