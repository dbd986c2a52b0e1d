import { LIMITS, loginBody, MSG } from '@intranet/contracts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconLock, IconTruckDelivery, IconUser } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useSession } from '../../../app/session.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { APP_TITLE } from '../../../ui/PageTitle.tsx';
import { RecoveryDialog } from '../components/RecoveryDialog.tsx';
import { afterLoginPath } from '../login-redirect.ts';

const COMPANY_NAME = 'Rota Sul Logística';

/** The inline text of a failed login (spec §5, §8). */
function loginFailureText(err: unknown): string {
  if (err instanceof ApiError) {
    // No answer at all, or a proxy saying the server is not there.
    if (err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504) {
      return MSG.noServerAnswer;
    }
    if (err.status === 429) return err.message;
  }
  return MSG.loginFailed;
}

export function LoginPage() {
  const { login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useContractForm(loginBody, {
    initialValues: { username: '', password: '' },
    validateInputOnBlur: false,
  });
  const [recoveryOpened, recovery] = useDisclosure(false);
  useDocumentTitle(`Entrar · ${APP_TITLE}`);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: () => navigate(afterLoginPath(location.state), { replace: true }),
    meta: { error: false },
  });

  const submit = form.onSubmit(
    (body) => mutation.mutate(body),
    () => mutation.reset(),
  );

  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      py="xl"
      style={{
        display: 'flex',
        background:
          'radial-gradient(circle at 15% 10%, rgba(61,111,222,.55), transparent 45%), linear-gradient(160deg, #0b3d91 0%, #072a66 100%)',
      }}
    >
      <Center w="100%">
        <Stack w="100%" maw={420} gap="lg">
          <Paper
            component="section"
            aria-labelledby="login-title"
            radius="lg"
            shadow="xl"
            p={{ base: 'lg', xs: 36 }}
          >
            <Stack gap={4} align="center" mb="lg">
              <ThemeIcon size={56} radius="md" color="brand.9" aria-hidden>
                <IconTruckDelivery size={32} stroke={1.6} />
              </ThemeIcon>
              <Title id="login-title" order={1} c="brand.9" mt="xs">
                Intranet
              </Title>
              <Text c="dimmed" fw={500}>
                {COMPANY_NAME}
              </Text>
            </Stack>

            <form onSubmit={submit} noValidate aria-label="Entrar na intranet">
              <Stack gap="md">
                <TextInput
                  label="Usuário"
                  description="Matrícula ou CPF"
                  name="username"
                  {...form.getInputProps('username')}
                  maxLength={LIMITS.loginUserMax}
                  leftSection={<IconUser size={18} aria-hidden />}
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  autoFocus
                />
                <PasswordInput
                  label="Senha"
                  name="password"
                  {...form.getInputProps('password')}
                  leftSection={<IconLock size={18} aria-hidden />}
                  autoComplete="current-password"
                  required
                />
                {mutation.isError && (
                  <Alert
                    color="red"
                    variant="light"
                    icon={<IconAlertCircle size={18} />}
                    data-testid="login-error"
                  >
                    {loginFailureText(mutation.error)}
                  </Alert>
                )}
                <Button type="submit" size="md" color="brand.9" loading={mutation.isPending} fullWidth>
                  Entrar
                </Button>
                <Group justify="center">
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    fw={600}
                    c="brand.7"
                    onClick={recovery.open}
                  >
                    Esqueci a senha
                  </Anchor>
                </Group>
              </Stack>
            </form>
          </Paper>
          <Text ta="center" size="xs" c="rgba(255,255,255,.75)">
            Acesso restrito a colaboradores autorizados. Todas as ações são registradas.
          </Text>
        </Stack>
      </Center>
      <RecoveryDialog
        opened={recoveryOpened}
        onClose={recovery.close}
        initialRegistration={form.values.username.trim()}
      />
    </Box>
  );
}
