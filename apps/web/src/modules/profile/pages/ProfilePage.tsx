import {
  branchLabelOf,
  MAIL_PREFERENCES_MSG,
  type Privilegio,
  ROLE_LABEL,
  type SessionUser,
} from '@intranet/contracts';
import {
  Badge,
  Box,
  Button,
  Divider,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconKey, IconUserCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOrgLists } from '../../../api/org.ts';
import { useUser } from '../../../platform/session.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { ContactForm } from '../components/ContactForm.tsx';
import { MailPreferencesSection } from '../components/MailPreferencesForm.tsx';
import { ProfilePhotoCard } from '../components/ProfilePhotoCard.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Box component="dd" m={0} mt={2} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

function PersonalData({ user }: { user: SessionUser }) {
  const sectors = user.setor.map((s) => s.sector);
  const { branches } = useOrgLists();
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md" m={0}>
      <Field label="Nome">{user.userName}</Field>
      <Field label="Matrícula">{user.matricula}</Field>
      <Field label="Filial">{branchLabelOf(branches, user.filial)}</Field>
      <Field label={sectors.length > 1 ? 'Setores' : 'Setor'}>
        {sectors.length === 0 ? (
          '—'
        ) : (
          <Group gap={6}>
            {sectors.map((s) => (
              <Badge key={s} variant="light" color="brand.9" radius="sm" tt="none" fw={600}>
                {s}
              </Badge>
            ))}
          </Group>
        )}
      </Field>
      <Field label="Perfil">{ROLE_LABEL[user.privilegio as Privilegio] ?? '—'}</Field>
    </SimpleGrid>
  );
}

/** /perfil: the user's own data, e-mail and phone editing, photo upload and a way to change the password. */
export function ProfilePage() {
  const user = useUser();
  return (
    <Box>
      <PageTitle
        title="Meu perfil"
        icon={<IconUserCircle size={28} />}
        description="Confira seus dados e mantenha seu contato atualizado."
      />
      <Stack gap="lg">
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ProfilePhotoCard user={user} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="profile-data-title">
              <Stack gap="lg">
                <Title id="profile-data-title" order={2} size="h4">
                  Dados pessoais
                </Title>
                <PersonalData user={user} />
                <Divider />
                <Title order={2} size="h4">
                  Contato
                </Title>
                <ContactForm user={user} />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="profile-mail-title">
          <Stack gap="md">
            <div>
              <Title id="profile-mail-title" order={2} size="h4">
                {MAIL_PREFERENCES_MSG.title}
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                {MAIL_PREFERENCES_MSG.description}
              </Text>
            </div>
            <MailPreferencesSection hasEmail={Boolean(user.email)} />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="profile-security-title">
          <Group justify="space-between" gap="md">
            <div>
              <Title id="profile-security-title" order={2} size="h4">
                Segurança
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                Troque a senha de acesso à Intranet sempre que achar necessário.
              </Text>
            </div>
            <Button
              component={Link}
              to="/ChangePass"
              variant="light"
              color="brand.9"
              leftSection={<IconKey size={18} />}
              w={{ base: '100%', xs: 'auto' }}
            >
              Alterar senha
            </Button>
          </Group>
        </Paper>
      </Stack>
    </Box>
  );
}
