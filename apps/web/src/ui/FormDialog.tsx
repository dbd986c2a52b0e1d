import { Button, Group, type ModalProps, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';

/**
 * An edit dialog: its fields in a form (the contracts form's own messages under each field, no
 * browser validation), then Cancelar and Salvar, Salvar spinning while the change is sent.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  saving,
  size,
  children,
}: {
  title: string;
  onClose(): void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  return (
    <Dialog opened onClose={onClose} title={title} centered size={size}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
