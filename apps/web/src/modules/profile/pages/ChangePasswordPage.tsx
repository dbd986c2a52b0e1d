import { changeOwnPasswordForm, LIMITS, MSG } from '@intranet/contracts';
import { Box, Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { useChangeOwnPassword } from '../profile.api.ts';

/** /ChangePass: the user's own password, checked against the current one (spec §5, §8). */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const change = useChangeOwnPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm(changeOwnPasswordForm, {
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  // Failures show on the screen (the mutation has no toast for them): a wrong current password
  // next to its field, anything else under the form.
  const submit = form.onSubmit(({ oldPassword, newPassword }) => {
    setFailure(null);
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => navigate('/perfil'),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 403) {
            form.setFieldError('oldPassword', err.message || MSG.oldPasswordWrong);
          } else {
            setFailure(`${MSG.passwordChangeError}: ${errorMessage(err, 'Tente novamente.')}`);
          }
        },
      },
    );
  });

  return (
    <Box maw={560} mx="auto">
      <PageTitle
        title="Alterar senha"
        icon={<IconKey size={28} />}
        description={`Informe a senha atual e escolha uma nova senha com pelo menos ${LIMITS.passwordMin} caracteres.`}
      />
      <Paper withBorder radius="lg" p={{ base: 'md', xs: 'xl' }}>
        <form onSubmit={submit} noValidate aria-label="Alterar senha">
          <Stack gap="md">
            <PasswordInput
              label="Senha atual"
              name="oldPassword"
              autoComplete="current-password"
              {...form.getInputProps('oldPassword')}
              required
              autoFocus
            />
            <PasswordInput
              label="Nova senha"
              name="newPassword"
              autoComplete="new-password"
              description={`Mínimo de ${LIMITS.passwordMin} caracteres.`}
              {...form.getInputProps('newPassword')}
              required
            />
            <PasswordInput
              label="Confirmar nova senha"
              name="confirmPassword"
              autoComplete="new-password"
              {...form.getInputProps('confirmPassword')}
              required
            />
            {failure ? (
              <Text c="red" size="sm" role="alert">
                {failure}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button component={Link} to="/perfil" variant="default" disabled={change.isPending}>
                Cancelar
              </Button>
              <Button type="submit" color="brand.9" loading={change.isPending}>
                Salvar nova senha
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
