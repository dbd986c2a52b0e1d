import {
  APP_ADDRESS_MAX,
  APP_NAME_MAX,
  type AppItem,
  appFields,
  offeredSectorNames,
} from '@intranet/contracts';
import { MultiSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useOrgLists } from '../../../api/org.ts';
import { FormDialog } from '../../../ui/FormDialog.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { ImagePicker } from '../../../ui/ImagePicker.tsx';
import { storedFileUrl } from '../../../ui/image-check.ts';
import { useCreateApp, useUpdateApp } from '../apps.api.ts';

/** Adds an app or edits one: name, link, image and the sectors that see it. */
export function AppDialog({ app, onClose }: { app: AppItem | 'new'; onClose(): void }) {
  const editing = app === 'new' ? null : app;
  const org = useOrgLists();
  const create = useCreateApp();
  const update = useUpdateApp();
  const form = useContractForm(appFields, {
    initialValues: {
      name: editing?.name ?? '',
      address: editing?.address ?? 'https://',
      setores: editing?.setores ?? [],
    },
  });
  const [file, setFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);

  const submit = form.onSubmit((fields) => {
    const draft = { fields, file, removeImage };
    if (editing) update.mutate({ app: editing, draft }, { onSuccess: onClose });
    else create.mutate(draft, { onSuccess: onClose });
  });

  return (
    <FormDialog
      title={editing ? 'Editar aplicativo' : 'Adicionar aplicativo'}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      size="lg"
    >
      <TextInput label="Nome" required maxLength={APP_NAME_MAX} {...form.getInputProps('name')} />
      <TextInput
        label="Endereço (link)"
        required
        type="url"
        maxLength={APP_ADDRESS_MAX}
        {...form.getInputProps('address')}
      />
      <MultiSelect
        label="Setores"
        description="Usuários destes setores veem o aplicativo; administradores veem todos."
        data={offeredSectorNames(org, editing?.setores)}
        {...form.getInputProps('setores')}
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
    </FormDialog>
  );
}
