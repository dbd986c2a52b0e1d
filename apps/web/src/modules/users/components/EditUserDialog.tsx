import { branchLabelOf, forcedSuport, PRIVILEGE_OPTIONS, updateUserBody } from '@intranet/contracts';
import { MultiSelect, Select, Switch, Text } from '@mantine/core';
import { useOrgLists } from '../../../api/org.ts';
import { FormDialog } from '../../../ui/FormDialog.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { type AdminUserRow, useUpdateUser } from '../users.api.ts';

/** Sectors, branches, privilege and support of one user (spec §6); keyed by the user's id. */
export function EditUserDialog({ user, onClose }: { user: AdminUserRow; onClose(): void }) {
  const org = useOrgLists();
  const update = useUpdateUser();
  const form = useContractForm(updateUserBody, {
    initialValues: {
      userId: user.id,
      setores: user.setores,
      filiais: user.filiais,
      privilegio: user.privilegio,
      suport: user.suport,
    },
  });

  const forced = forcedSuport(form.values.privilegio, 0) === 1;
  const privilegeOptions = PRIVILEGE_OPTIONS.filter((o) => user.abilities.privileges.includes(o.value)).map(
    (o) => ({ value: String(o.value), label: o.label }),
  );
  const save = form.onSubmit((body) => update.mutate(body, { onSuccess: onClose }));

  return (
    <FormDialog
      title={`Editar ${user.nome}`}
      onClose={onClose}
      onSubmit={save}
      saving={update.isPending}
      size="lg"
    >
      <Text size="sm" c="dimmed">
        Matrícula {user.matricula}
      </Text>
      <MultiSelect
        label="Setores"
        description="O primeiro é o setor principal."
        data={user.abilities.setores}
        {...form.getInputProps('setores')}
        searchable
        required
      />
      <MultiSelect
        label="Filiais"
        data={user.abilities.filiais.map((name) => ({
          value: name,
          label: branchLabelOf(org.branches, name),
        }))}
        {...form.getInputProps('filiais')}
        required
      />
      <Select
        label="Privilégio"
        data={privilegeOptions}
        value={String(form.values.privilegio)}
        onChange={(v) => v && form.setFieldValue('privilegio', Number(v))}
        error={form.errors.privilegio}
        allowDeselect={false}
        disabled={privilegeOptions.length < 2}
      />
      {user.abilities.suport ? (
        <Switch
          label="Suporte"
          description={forced ? 'Administrador e Gestor são sempre suporte.' : undefined}
          checked={forced || form.values.suport === 1}
          disabled={forced}
          onChange={(e) => form.setFieldValue('suport', e.currentTarget.checked ? 1 : 0)}
        />
      ) : null}
    </FormDialog>
  );
}
