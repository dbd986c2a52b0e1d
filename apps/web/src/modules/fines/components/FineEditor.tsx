import { type FineInput, type FineRow, fineInput } from '@intranet/contracts';
import { Button, Divider, Group, Paper, Title } from '@mantine/core';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { OtAttachmentLinks } from '../../operations/operations.public.ts';
import { useUpdateFine } from '../fines.api.ts';
import { FineFields } from './FineFields.tsx';

/**
 * The row being edited, below the table (spec §2): every field; saving sends the normalised row
 * (numbers: number or 0; dates yyyy-MM-dd) and the table reloads it.
 */
export function FineEditor({ fine, onClose }: { fine: FineRow; onClose: () => void }) {
  const { id, ...values } = fine;
  const form = useContractForm(fineInput, { initialValues: values as FineInput });
  const update = useUpdateFine();
  const submit = form.onSubmit((parsed) => update.mutate({ ...(parsed as FineInput), id }));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Editar multa">
      <form onSubmit={submit} noValidate>
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            Editar multa {fine.NUMERO_AUTO}
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Fechar
            </Button>
            <Button type="submit" loading={update.isPending}>
              Salvar
            </Button>
          </Group>
        </Group>
        <FineFields form={form} />
      </form>
      <Divider my="md" />
      <OtAttachmentLinks ot={fine.OT} />
    </Paper>
  );
}
