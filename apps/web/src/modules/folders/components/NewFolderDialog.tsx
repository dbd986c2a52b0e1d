import { createFolderBody, FOLDER_ITEM_NAME_MAX, FOLDER_MSG } from '@intranet/contracts';
import { Button, Checkbox, Group, Loader, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { checkName, useCreateFolder, useFreeFolderName } from '../folders.api.ts';

const DEFAULT_NAME = 'Nova pasta';

/** New folder: the name is checked with the server, which also proposes a free one ("Nova pasta (2)"). */
export function NewFolderDialog({
  parentId,
  opened,
  onClose,
}: {
  parentId: number;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Nova pasta" centered>
      {opened ? <NewFolderLoader parentId={parentId} onClose={onClose} /> : null}
    </Dialog>
  );
}

function NewFolderLoader({ parentId, onClose }: { parentId: number; onClose: () => void }) {
  const free = useFreeFolderName(parentId, DEFAULT_NAME);
  if (free.isPending) return <Loader size="sm" />;
  return (
    <NewFolderForm
      parentId={parentId}
      initialName={free.data?.availableName ?? DEFAULT_NAME}
      onClose={onClose}
    />
  );
}

function NewFolderForm({
  parentId,
  initialName,
  onClose,
}: {
  parentId: number;
  initialName: string;
  onClose: () => void;
}) {
  const form = useContractForm(createFolderBody, {
    initialValues: { folderName: initialName, parentFolderId: parentId, isPrivate: 0 },
  });
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const create = useCreateFolder();
  const nameProps = form.getInputProps('folderName');

  const submit = form.onSubmit(async (values) => {
    // A taken name is answered here, with the free name the server proposes.
    const check = await checkName(parentId, values.folderName).catch(() => undefined);
    if (check?.isExist) {
      form.setFieldError('folderName', FOLDER_MSG.nameTaken);
      setSuggestion(check.availableName);
      return;
    }
    create.mutate(values, { onSuccess: onClose });
  });

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="Nome da pasta"
          {...nameProps}
          onChange={(e) => {
            nameProps.onChange(e);
            setSuggestion(null);
          }}
          maxLength={FOLDER_ITEM_NAME_MAX}
          data-autofocus
          onFocus={(e) => e.currentTarget.select()}
        />
        {suggestion ? (
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              form.setFieldValue('folderName', suggestion);
              setSuggestion(null);
            }}
            style={{ alignSelf: 'flex-start' }}
          >
            Usar “{suggestion}”
          </Button>
        ) : null}
        <Checkbox
          label="Pasta privada (somente você, administradores e quem você compartilhar)"
          checked={form.values.isPrivate === 1}
          onChange={(e) => form.setFieldValue('isPrivate', e.currentTarget.checked ? 1 : 0)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Criar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
