import { type AppItem, appSectorsBody } from '@intranet/contracts';
import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useSectors } from '../../users/users.api.ts';
import { useSetAppSectors } from '../apps.api.ts';

/** Assigns or removes the sectors of one app. */
export function AppSectorsDialog({ app, onClose }: { app: AppItem; onClose(): void }) {
  const sectors = useSectors();
  const save = useSetAppSectors();
  const form = useContractForm(appSectorsBody, { initialValues: { setores: app.setores } });

  const submit = form.onSubmit(({ setores }) => save.mutate({ id: app.id, setores }, { onSuccess: onClose }));

  return (
    <Dialog opened onClose={onClose} title={`Setores de ${app.name}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <MultiSelect
            label="Setores"
            data={(sectors.data ?? []).map((s) => s.name)}
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
