import { FOLDER_MSG, folderItemNameProblem, MSG } from '@intranet/contracts';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { checkName, useCreateFolder } from '../folders.api.ts';

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
  const [name, setName] = useState(DEFAULT_NAME);
  const [isPrivate, setIsPrivate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const create = useCreateFolder();

  useEffect(() => {
    if (!opened) return;
    setError(null);
    setSuggestion(null);
    setIsPrivate(false);
    setName(DEFAULT_NAME);
    checkName(parentId, DEFAULT_NAME)
      .then((r) => setName(r.availableName))
      .catch(() => undefined);
  }, [opened, parentId]);

  async function submit() {
    const trimmed = name.trim();
    const problem = folderItemNameProblem(trimmed);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const check = await checkName(parentId, trimmed);
      if (check.isExist) {
        setError(FOLDER_MSG.nameTaken);
        setSuggestion(check.availableName);
        return;
      }
      await create.mutateAsync({
        folderName: trimmed,
        parentFolderId: parentId,
        isPrivate: isPrivate ? 1 : 0,
      });
      notifications.show({ color: 'green', message: FOLDER_MSG.created });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        setError(err.message);
        return;
      }
      notifications.show({
        color: 'red',
        title: MSG.folderCreateError,
        message: errorMessage(err, MSG.folderCreateError),
      });
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Nova pasta" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label="Nome da pasta"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
              setSuggestion(null);
            }}
            error={error}
            maxLength={255}
            data-autofocus
            onFocus={(e) => e.currentTarget.select()}
          />
          {suggestion ? (
            <Button
              variant="light"
              size="xs"
              onClick={() => setName(suggestion)}
              style={{ alignSelf: 'flex-start' }}
            >
              Usar “{suggestion}”
            </Button>
          ) : null}
          <Checkbox
            label="Pasta privada (somente você, administradores e quem você compartilhar)"
            checked={isPrivate}
            onChange={(e) => setIsPrivate(e.currentTarget.checked)}
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
    </Modal>
  );
}
