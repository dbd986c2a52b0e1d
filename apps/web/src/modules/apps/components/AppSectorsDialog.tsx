import { type AppItem, appSectorsBody, offeredSectorNames } from '@intranet/contracts';
import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import { useOrgLists } from '../../../api/org.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useSetAppSectors } from '../apps.api.ts';

/** Assigns or removes the sectors of one app. */
export function AppSectorsDialog({ app, onClose }: { app: AppItem; onClose(): void }) {
  const org = useOrgLists();
  const save = useSetAppSectors();
  const form = useContractForm(appSectorsBody, { initialValues: { setores: app.setores } });

  const submit = form.onSubmit(({ setores }) => save.mutate({ id: app.id, setores }, { onSuccess: onClose }));

  return (
    <Dialog opened onClose={onClose} title={`Setores de ${app.name}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <MultiSelect
            label="Setores"
            data={offeredSectorNames(org, app.setores)}
            {...form.getInputProps('setores')}
            searchable
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Salvar setores
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
