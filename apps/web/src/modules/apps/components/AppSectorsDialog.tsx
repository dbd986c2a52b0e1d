import { type AppItem, MSG } from '@intranet/contracts';
import { Button, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { useSectors } from '../../users/users.api.ts';
import { useSetAppSectors } from '../apps.api.ts';

/** Assigns or removes the sectors of one app. */
export function AppSectorsDialog({ app, onClose }: { app: AppItem; onClose(): void }) {
  const sectors = useSectors();
  const save = useSetAppSectors();
  const [setores, setSetores] = useState(app.setores);

  const submit = async () => {
    try {
      await save.mutateAsync({ id: app.id, setores });
      notifications.show({ color: 'green', message: MSG.appSectorsSaved });
      onClose();
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, MSG.appSaveError) });
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Setores de ${app.name}`} centered>
      <Stack>
        <MultiSelect
          label="Setores"
          data={(sectors.data ?? []).map((s) => s.name)}
          value={setores}
          onChange={setSetores}
          searchable
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Salvar setores
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
