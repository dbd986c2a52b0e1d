import { LIMITS, type LoginBody, MSG } from '@intranet/contracts';
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
import { type ChangeEvent, type FormEvent, lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useSession } from '../../../platform/session.tsx';
import { type FieldErrors, validate } from '../../../ui/form-errors.ts';
import { APP_TITLE } from '../../../ui/PageTitle.tsx';
import { afterLoginPath } from '../login-redirect.ts';

const COMPANY_NAME = 'Rota Sul Logística';

// Most visits never open it: its code (a modal, a stepper, three forms) comes on the first click.
const RecoveryDialog = lazy(async () => ({
  default: (await import('../components/RecoveryDialog.tsx')).RecoveryDialog,
}));

/**
 * The login form's zod schema, fetched on the first keystroke rather than with the page: zod is
 * a third of the sign-in page's code, and a visitor who is already signed in never needs it. (Its
 * own module, not the barrel: the entry imports the barrel, which would pull the schema in.)
 */
let schemaLoad: Promise<typeof import('@intranet/contracts').loginBody | null> | undefined;
const loginSchema = () => {
  schemaLoad ??= import('@intranet/contracts/auth/auth.schemas').then(
    (contracts) => contracts.loginBody,
    // The code did not arrive (a browser keeps a failed module for the page's life): the server,
    // which checks the same schema, answers for the form.
    () => null,
  );
  return schemaLoad;
};

/** The inline text of a failed login (spec §5, §8). */
function loginFailureText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return MSG.noServerAnswer;
    if (err.status === 502 || err.status === 503 || err.status === 504) {
      // The server's own 503 says what is away (the database, the file storage); a balancer's page
      // in front of a server that is not there says nothing.
      const ownWords = typeof (err.body as { error?: unknown } | undefined)?.error === 'string';
      return ownWords ? err.message : MSG.noServerAnswer;
    }
    if (err.status === 429) return err.message;
  }
  return MSG.loginFailed;
}

/** `onSending(target)`: the form is valid and goes to the server; `target` is opened after sign-in. */
export function LoginPage({ onSending }: { onSending?: (target: string) => void }) {
  const { login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<LoginBody>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginBody>>({});
  // "Crie sua senha" (an imported user's e-mail, decision 0117): the dialog opens at the code.
  const [search] = useSearchParams();
  const settingPassword = search.get('definir-senha')?.trim() ?? '';
  const [recoveryOpened, recovery] = useDisclosure(settingPassword !== '');
  // Mounted from the first opening on, so that closing it still plays the modal's transition.
  const [recoveryUsed, setRecoveryUsed] = useState(settingPassword !== '');
  const [codeSent, setCodeSent] = useState(settingPassword !== '');
  useDocumentTitle(`Entrar · ${APP_TITLE}`);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: () => navigate(afterLoginPath(location.state), { replace: true }),
    // The failure shows inline under the form (spec §5), not as a toast.
    meta: { error: false },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schema = await loginSchema();
    const parsed = schema ? validate(schema, values) : { ok: true as const, data: values, errors: {} };
    setErrors(parsed.errors);
    if (parsed.ok) {
      onSending?.(afterLoginPath(location.state));
      mutation.mutate(parsed.data);
    } else mutation.reset();
  };

  const set = (field: keyof LoginBody) => (event: ChangeEvent<HTMLInputElement>) => {
    void loginSchema();
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

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
                  value={values.username}
                  onChange={set('username')}
                  maxLength={LIMITS.loginUserMax}
                  error={errors.username}
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
                  value={values.password}
                  onChange={set('password')}
                  error={errors.password}
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
                    onClick={() => {
                      setRecoveryUsed(true);
                      setCodeSent(false);
                      recovery.open();
                    }}
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
      {recoveryUsed && (
        <Suspense fallback={null}>
          <RecoveryDialog
            opened={recoveryOpened}
            onClose={recovery.close}
            initialRegistration={codeSent ? settingPassword : values.username.trim()}
            codeSent={codeSent}
          />
        </Suspense>
      )}
    </Box>
  );
}
