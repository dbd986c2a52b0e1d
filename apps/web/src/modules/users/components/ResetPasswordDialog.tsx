import { resetUserPasswordForm } from '@intranet/contracts';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { type AdminUserRow, useResetUserPassword } from '../users.api.ts';

/** An administrator sets a new password; the old one is not asked (spec §6). Keyed by the user's id. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUserRow; onClose(): void }) {
  const reset = useResetUserPassword();
  const form = useContractForm(resetUserPasswordForm, { initialValues: { senha: '', confirmSenha: '' } });
  const save = form.onSubmit(({ senha }) => reset.mutate({ userId: user.id, senha }, { onSuccess: onClose }));

  return (
    <Dialog opened onClose={onClose} title="Redefinir senha" centered>
      <form onSubmit={save} noValidate>
        <Stack>
          <Text size="sm">
            Nova senha de <b>{user.nome}</b> ({user.matricula}). A senha antiga não é necessária; as sessões
            abertas do usuário serão encerradas.
          </Text>
          <PasswordInput label="Nova senha" autoComplete="new-password" {...form.getInputProps('senha')} />
          <PasswordInput
            label="Confirmar senha"
            autoComplete="new-password"
            {...form.getInputProps('confirmSenha')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={reset.isPending}>
              Salvar senha
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
