import { type FineInput, fineInput, fineInsertError, MSG } from '@intranet/contracts';
import { Alert, Button, Group, ScrollArea } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useInsertFine } from '../fines.api.ts';
import { emptyFine, FineFields } from './FineFields.tsx';

/**
 * Inserir Multa: the seven groups with masks. The form checks each value's format; the required
 * fields are the server's to say (spec §8): 'Erro ao inserir Multa: {error}, {required fields}',
 * with each missing field marked.
 */
export function InsertFineModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useContractForm(fineInput, { initialValues: emptyFine() });
  const insert = useInsertFine();
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    setRefusal(null);
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setRefusal(null);
    insert.mutate(values as FineInput, {
      onSuccess: close,
      onError: (err) => {
        // The refusal as the contract describes it (success, error, message, requeire).
        const refused = fineInsertError.safeParse(err instanceof ApiError ? err.body : undefined).data;
        for (const field of refused?.requeire ?? []) form.setFieldError(field, MSG.fieldRequired);
        const error = err instanceof ApiError ? err.message : MSG.requestNotSent;
        setRefusal(refused?.message ?? MSG.fineInsertError(error, ''));
      },
    });
  });

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title="Inserir Multa"
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <form onSubmit={submit} noValidate>
        <FineFields form={form} />
        {refusal ? (
          <Alert color="red" mt="md" role="alert" data-testid="fine-insert-error">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" loading={insert.isPending}>
            Inserir Multa
          </Button>
        </Group>
      </form>
    </Dialog>
  );
}
