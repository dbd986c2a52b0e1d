import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { PolicyText } from '../components/PolicyText.tsx';

/** /politica-uso-documento: the policy to read, without the agreement box. */
export function PolicyDocumentPage() {
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" c="brand.9">
            Política de Uso
          </Title>
          <Text c="dimmed" mt={4}>
            Regras de utilização da Intranet da Rota Sul Logística.
          </Text>
        </div>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="article">
          <PolicyText />
        </Paper>
      </Stack>
    </Container>
  );
}
