import { MSG, resetUserPasswordForm } from '@intranet/contracts';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { type FieldErrors, validate } from '../../../ui/form-errors.ts';
import { type AdminUserRow, useResetUserPassword } from '../users.api.ts';

/** An administrator sets a new password; the old one is not asked (spec §6). */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUserRow | null; onClose(): void }) {
  const reset = useResetUserPassword();
  const [values, setValues] = useState({ senha: '', confirmSenha: '' });
  const [errors, setErrors] = useState<FieldErrors<typeof values>>({});
  if (!user) return null;

  const close = () => {
    setValues({ senha: '', confirmSenha: '' });
    setErrors({});
    onClose();
  };
  const save = async () => {
    const checked = validate(resetUserPasswordForm, values);
    setErrors(checked.errors);
    if (!checked.ok) return;
    try {
      await reset.mutateAsync({ userId: user.id, senha: checked.data.senha });
      notifications.show({ color: 'green', message: MSG.passwordChanged });
      close();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: MSG.passwordChangeError,
        message: errorMessage(err, MSG.passwordChangeError),
      });
    }
  };

  return (
    <Modal opened onClose={close} title="Redefinir senha" centered>
      <Stack>
        <Text size="sm">
          Nova senha de <b>{user.nome}</b> ({user.matricula}). A senha antiga não é necessária; as sessões
          abertas do usuário serão encerradas.
        </Text>
        <PasswordInput
          label="Nova senha"
          value={values.senha}
          onChange={(e) => setValues({ ...values, senha: e.currentTarget.value })}
          error={errors.senha}
          autoComplete="new-password"
        />
        <PasswordInput
          label="Confirmar senha"
          value={values.confirmSenha}
          onChange={(e) => setValues({ ...values, confirmSenha: e.currentTarget.value })}
          error={errors.confirmSenha}
          autoComplete="new-password"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button onClick={save} loading={reset.isPending}>
            Salvar senha
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
