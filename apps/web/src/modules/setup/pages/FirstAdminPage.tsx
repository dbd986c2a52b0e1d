import { administratorForm, LIMITS, SETUP_MSG } from '@intranet/contracts';
import {
  Alert,
  Box,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useFinishSetup, useSetupLink } from '../setup.api.ts';

/**
 * /configuracao-inicial/:token, the link the server prints at its first start without an
 * administrator (issue 34): the first administrator's matrícula, name, CPF, e-mail and password.
 * A used or expired link says so and points to the sign-in page.
 */
export function FirstAdminPage() {
  const token = useParams().token ?? '';
  const link = useSetupLink(token);
  const finish = useFinishSetup(token);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm(administratorForm, {
    initialValues: { matricula: '', nome: '', cpf: '', email: '', senha: '', confirmSenha: '' },
  });
  const submit = form.onSubmit((body) => {
    setFailure(null);
    finish.mutate(body, {
      onSuccess: () => navigate('/login', { replace: true }),
      onError: (err) => setFailure(errorMessage(err, 'Tente novamente.')),
    });
  });

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Box maw={520} w="100%">
        <Paper withBorder radius="lg" p={{ base: 'md', xs: 'xl' }}>
          <Stack gap="md">
            <Stack gap={4} align="center">
              <IconShieldCheck size={40} color="var(--mantine-color-brand-9)" aria-hidden />
              <Title order={1} fz="h2" ta="center">
                Configuração inicial
              </Title>
            </Stack>
            {link.isPending ? (
              <Center py="lg">
                <Loader role="status" aria-label="Carregando" />
              </Center>
            ) : link.isError ? (
              <Stack>
                <Alert color="red" role="alert">
                  {SETUP_MSG.notFound}
                </Alert>
                <Button component={Link} to="/login" variant="default">
                  Ir para o login
                </Button>
              </Stack>
            ) : (
              <form onSubmit={submit} noValidate aria-label="Primeiro administrador">
                <Stack gap="sm">
                  <Text size="sm" c="dimmed">
                    Cadastre o primeiro administrador da intranet. Depois ele cadastra os setores, as filiais
                    e as pessoas. Este link vale uma vez.
                  </Text>
                  <TextInput
                    label="Matrícula"
                    inputMode="numeric"
                    required
                    {...form.getInputProps('matricula')}
                  />
                  <TextInput
                    label="Nome completo"
                    autoComplete="name"
                    required
                    {...form.getInputProps('nome')}
                  />
                  <TextInput label="CPF" inputMode="numeric" required {...form.getInputProps('cpf')} />
                  <TextInput
                    label="E-mail"
                    type="email"
                    autoComplete="email"
                    description="Para recuperar a senha."
                    required
                    {...form.getInputProps('email')}
                  />
                  <PasswordInput
                    label="Senha"
                    autoComplete="new-password"
                    description={`Mínimo de ${LIMITS.passwordMin} caracteres.`}
                    required
                    {...form.getInputProps('senha')}
                  />
                  <PasswordInput
                    label="Confirmar senha"
                    autoComplete="new-password"
                    required
                    {...form.getInputProps('confirmSenha')}
                  />
                  {failure ? (
                    <Text c="red" size="sm" role="alert">
                      {failure}
                    </Text>
                  ) : null}
                  <Button type="submit" color="brand.9" loading={finish.isPending} mt="xs">
                    Cadastrar administrador
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}
