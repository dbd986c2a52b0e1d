import { BRANCH_LABEL_MAX, type BranchRow, createBranchBody, updateBranchBody } from '@intranet/contracts';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { FormDialog } from '../../../ui/FormDialog.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useCreateBranch, useDeleteBranch, useUpdateBranch } from '../settings.api.ts';
import { OrgSection } from './OrgSection.tsx';

function AddBranch() {
  const create = useCreateBranch();
  const form = useContractForm(createBranchBody, { initialValues: { label: '' } });
  const submit = form.onSubmit((body) => create.mutate(body, { onSuccess: () => form.reset() }));
  return (
    <form onSubmit={submit} noValidate aria-label="Adicionar filial">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Nova filial"
          maxLength={BRANCH_LABEL_MAX}
          style={{ flex: '1 1 220px' }}
          {...form.getInputProps('label')}
        />
        <Button
          type="submit"
          mt={{ base: 0, sm: 25 }}
          loading={create.isPending}
          leftSection={<IconPlus size={16} />}
        >
          Adicionar filial
        </Button>
      </Group>
    </form>
  );
}

/** Renaming changes the label people read; the records keep the branch's stored name. */
function EditBranch({ branch, onClose }: { branch: BranchRow; onClose: () => void }) {
  const update = useUpdateBranch();
  const form = useContractForm(updateBranchBody, { initialValues: { label: branch.label } });
  const submit = form.onSubmit((body) => update.mutate({ id: branch.id, body }, { onSuccess: onClose }));
  return (
    <FormDialog
      title={`Editar filial ${branch.label}`}
      onClose={onClose}
      onSubmit={submit}
      saving={update.isPending}
    >
      <TextInput label="Nome" maxLength={BRANCH_LABEL_MAX} required {...form.getInputProps('label')} />
      <Text size="xs" c="dimmed">
        Chamados, solicitações e usuários continuam ligados a esta filial; passam a mostrar o novo nome.
      </Text>
    </FormDialog>
  );
}

/** The branches: the name people read and whether forms offer it (decisions 0114, 0116). */
export function BranchesSection({ branches }: { branches: BranchRow[] }) {
  const update = useUpdateBranch();
  const remove = useDeleteBranch();
  return (
    <OrgSection
      title="Filiais"
      headingId="org-branches"
      noun="filial"
      add={<AddBranch />}
      extraHeaders={[]}
      rows={branches}
      view={(b) => ({ id: b.id, name: b.label, active: b.active === 1, extra: [] })}
      onActive={(id, active) => update.mutate({ id, body: { active: active ? 1 : 0 } })}
      onDelete={(id) => remove.mutate(id)}
      edit={(branch, close) => <EditBranch branch={branch} onClose={close} />}
    />
  );
}
