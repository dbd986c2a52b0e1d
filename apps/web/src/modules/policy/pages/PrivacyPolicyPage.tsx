import { Box, Paper } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { PrivacyText } from '../components/PrivacyText.tsx';

/** /privacy-policy (footer link): the LGPD privacy notice of the intranet. */
export function PrivacyPolicyPage() {
  return (
    <Box maw={960} mx="auto">
      <PageTitle
        title="Política de Privacidade"
        icon={<IconShieldLock size={28} />}
        description="Como a Rota Sul Logística trata os seus dados pessoais na Intranet (LGPD)."
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="article">
        <PrivacyText />
      </Paper>
    </Box>
  );
}
