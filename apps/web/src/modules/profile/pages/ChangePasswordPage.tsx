import { changeOwnPasswordForm, LIMITS, MSG } from '@intranet/contracts';
import { Box, Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { type FieldErrors, validate } from '../../../ui/form-errors.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { useChangeOwnPassword } from '../profile.api.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /ChangePass: the user's own password, checked against the current one (spec §5, §8). */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const change = useChangeOwnPassword();

  const set = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validate(changeOwnPasswordForm, values);
    setErrors(parsed.errors);
    if (!parsed.ok) return;
    const { oldPassword, newPassword } = parsed.data;
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: MSG.passwordChanged });
          navigate('/perfil');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 403) {
            setErrors({ oldPassword: err.message || MSG.oldPasswordWrong });
            return;
          }
          notifications.show({
            color: 'red',
            title: MSG.passwordChangeError,
            message: errorMessage(err, 'Tente novamente.'),
          });
        },
      },
    );
  };

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
              value={values.oldPassword}
              onChange={set('oldPassword')}
              error={errors.oldPassword}
              required
              autoFocus
            />
            <PasswordInput
              label="Nova senha"
              name="newPassword"
              autoComplete="new-password"
              description={`Mínimo de ${LIMITS.passwordMin} caracteres.`}
              value={values.newPassword}
              onChange={set('newPassword')}
              error={errors.newPassword}
              required
            />
            <PasswordInput
              label="Confirmar nova senha"
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
              error={errors.confirmPassword}
              required
            />
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
