import {
  checksFromPrivilege,
  FOLDER_SHARE_SEARCH_MAX,
  type FolderItem,
  privilegeFromChecks,
} from '@intranet/contracts';
import {
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useFolderAccess, useSetPermission, useShare, useShareUsers } from '../folders.api.ts';

/**
 * Ceder Permissão: the Gestores and Colaboradores checkboxes (collaborators imply managers), the
 * private switch, and the users the folder is shared with, searchable by name or matrícula.
 */
export function PermissionDialog({ folder, onClose }: { folder: FolderItem | null; onClose: () => void }) {
  return (
    <Dialog
      opened={folder !== null}
      onClose={onClose}
      title={folder ? `Ceder Permissão — ${folder.name}` : ''}
      centered
      size="lg"
    >
      {folder ? <PermissionForm folder={folder} onClose={onClose} /> : null}
    </Dialog>
  );
}

/** The form starts from the folder's saved access, once it is read. */
function PermissionForm({ folder, onClose }: { folder: FolderItem; onClose: () => void }) {
  const access = useFolderAccess(folder.id);
  if (access.isPending) return <Loader size="sm" />;
  const current = access.data?.[0];
  return (
    <AccessForm
      folder={folder}
      privilegio={current?.privilegio ?? 1}
      privateFolder={current?.isPrivate === 1}
      onClose={onClose}
    />
  );
}

function AccessForm({
  folder,
  privilegio,
  privateFolder,
  onClose,
}: {
  folder: FolderItem;
  privilegio: number;
  privateFolder: boolean;
  onClose: () => void;
}) {
  const setPermission = useSetPermission();
  const [gestores, setGestores] = useState(() => checksFromPrivilege(privilegio).gestores);
  const [colaboradores, setColaboradores] = useState(() => checksFromPrivilege(privilegio).colaboradores);
  const [isPrivate, setIsPrivate] = useState(privateFolder);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const users = useShareUsers(folder.id, debounced);
  const share = useShare(folder.id);

  function save() {
    setPermission.mutate(
      {
        itemId: folder.id,
        privilegio: privilegeFromChecks(gestores, colaboradores),
        isPrivate: isPrivate ? 1 : 0,
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Quem pode ver esta pasta além do dono, dos administradores e dos usuários com quem ela foi
        compartilhada:
      </Text>
      <Group>
        <Checkbox
          label="Gestores"
          checked={gestores || colaboradores}
          disabled={colaboradores || isPrivate}
          onChange={(e) => setGestores(e.currentTarget.checked)}
        />
        <Checkbox
          label="Colaboradores"
          checked={colaboradores}
          disabled={isPrivate}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setColaboradores(checked);
            if (checked) setGestores(true);
          }}
        />
      </Group>
      <Switch
        label="Pasta privada (ignora Gestores e Colaboradores)"
        checked={isPrivate}
        onChange={(e) => setIsPrivate(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={save} loading={setPermission.isPending}>
          Salvar permissão
        </Button>
      </Group>
      <Divider label="Compartilhar com usuários" labelPosition="left" />
      <TextInput
        placeholder="Buscar por nome ou matrícula"
        aria-label="Buscar usuário por nome ou matrícula"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={FOLDER_SHARE_SEARCH_MAX}
      />
      <ScrollArea.Autosize mah={280}>
        <Stack gap={4}>
          {users.data?.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhum usuário encontrado.
            </Text>
          ) : null}
          {users.data?.map((u) => (
            <Group key={u.id} justify="space-between" wrap="nowrap" py={4} data-testid="share-user">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" truncate="end">
                  {u.nome}
                </Text>
                <Text size="xs" c="dimmed">
                  Matrícula {u.matricula}
                </Text>
              </div>
              <Switch
                aria-label={`Compartilhar com ${u.nome}`}
                label={u.allow_user ? 'Compartilhada' : 'Compartilhar'}
                labelPosition="left"
                checked={u.allow_user === 1}
                disabled={share.isPending}
                onChange={(e) => share.mutate({ userId: u.id, allow: e.currentTarget.checked })}
              />
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
