import { type AppItem, appForm, MSG } from '@intranet/contracts';
import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { type FieldErrors, validate } from '../../../ui/form-errors.ts';
import { ImagePicker } from '../../../ui/ImagePicker.tsx';
import { storedFileUrl } from '../../../ui/image-check.ts';
import { useSectors } from '../../users/users.api.ts';
import { useCreateApp, useUpdateApp } from '../apps.api.ts';

/** Adds an app or edits one: name, link, image and the sectors that see it. */
export function AppDialog({ app, onClose }: { app: AppItem | 'new'; onClose(): void }) {
  const editing = app === 'new' ? null : app;
  const sectors = useSectors();
  const create = useCreateApp();
  const update = useUpdateApp();
  const [name, setName] = useState(editing?.name ?? '');
  const [address, setAddress] = useState(editing?.address ?? 'https://');
  const [setores, setSetores] = useState<string[]>(editing?.setores ?? []);
  const [file, setFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<{ name: string; address: string }>>({});

  const save = async () => {
    const checked = validate(appForm, { name, address });
    setErrors(checked.errors);
    if (!checked.ok) return;
    const draft = { ...checked.data, setores, file, removeImage };
    try {
      if (editing) await update.mutateAsync({ app: editing, draft });
      else await create.mutateAsync(draft);
      notifications.show({ color: 'green', message: editing ? MSG.appUpdated : MSG.appCreated });
      onClose();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: MSG.appSaveError,
        message: errorMessage(err, MSG.appSaveError),
      });
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? 'Editar aplicativo' : 'Adicionar aplicativo'}
      centered
      size="lg"
    >
      <Stack>
        <TextInput
          label="Nome"
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="Endereço (link)"
          required
          type="url"
          maxLength={500}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          error={errors.address}
        />
        <MultiSelect
          label="Setores"
          description="Usuários destes setores veem o aplicativo; administradores veem todos."
          data={(sectors.data ?? []).map((s) => s.name)}
          value={setores}
          onChange={setSetores}
          searchable
          clearable
        />
        <ImagePicker
          value={file}
          onChange={setFile}
          label="Ícone"
          previewHeight={120}
          currentUrl={!removeImage ? storedFileUrl(editing?.image) : undefined}
          onRemoveCurrent={editing?.image ? () => setRemoveImage(true) : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={save} loading={create.isPending || update.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
