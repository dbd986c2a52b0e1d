import {
  createSectorBody,
  isSectorRole,
  SECTOR_NAME_MAX,
  SECTOR_ROLE_LABEL,
  SECTOR_ROLES,
  type SectorRole,
  type SectorRow,
  updateSectorBody,
} from '@intranet/contracts';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { FormDialog } from '../../../ui/FormDialog.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useCreateSector, useDeleteSector, useUpdateSector } from '../settings.api.ts';
import { OrgSection } from './OrgSection.tsx';

const ROLE_OPTIONS = SECTOR_ROLES.map((r) => ({ value: r, label: SECTOR_ROLE_LABEL[r] }));
const roleLabel = (role: string | null) => (isSectorRole(role) ? SECTOR_ROLE_LABEL[role] : '—');

/** A sector's workflow role: one of the fixed roles, or none (at most one active sector per role). */
function RoleSelect({
  value,
  onChange,
}: {
  value: SectorRole | null;
  onChange: (v: SectorRole | null) => void;
}) {
  return (
    <Select
      label="Função"
      placeholder="Nenhuma"
      data={ROLE_OPTIONS}
      value={value}
      onChange={(v) => onChange(isSectorRole(v) ? v : null)}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function AddSector() {
  const create = useCreateSector();
  const form = useContractForm(createSectorBody, { initialValues: { name: '', role: null } });
  const submit = form.onSubmit((body) => create.mutate(body, { onSuccess: () => form.reset() }));
  return (
    <form onSubmit={submit} noValidate aria-label="Adicionar setor">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Novo setor"
          maxLength={SECTOR_NAME_MAX}
          style={{ flex: '1 1 220px' }}
          {...form.getInputProps('name')}
        />
        <div style={{ flex: '1 1 200px' }}>
          <RoleSelect
            value={form.values.role ?? null}
            onChange={(role) => form.setFieldValue('role', role)}
          />
        </div>
        <Button
          type="submit"
          mt={{ base: 0, sm: 25 }}
          loading={create.isPending}
          leftSection={<IconPlus size={16} />}
        >
          Adicionar setor
        </Button>
      </Group>
    </form>
  );
}

function EditSector({ sector, onClose }: { sector: SectorRow; onClose: () => void }) {
  const update = useUpdateSector();
  const form = useContractForm(updateSectorBody, {
    initialValues: { name: sector.name, role: sector.role },
  });
  const submit = form.onSubmit((body) => update.mutate({ id: sector.id, body }, { onSuccess: onClose }));
  return (
    <FormDialog
      title={`Editar setor ${sector.name}`}
      onClose={onClose}
      onSubmit={submit}
      saving={update.isPending}
    >
      <TextInput label="Nome" maxLength={SECTOR_NAME_MAX} required {...form.getInputProps('name')} />
      <RoleSelect value={form.values.role ?? null} onChange={(role) => form.setFieldValue('role', role)} />
    </FormDialog>
  );
}

/** The sectors: name, workflow role and whether forms offer it (decisions 0114, 0116). */
export function SectorsSection({ sectors }: { sectors: SectorRow[] }) {
  const update = useUpdateSector();
  const remove = useDeleteSector();
  return (
    <OrgSection
      title="Setores"
      headingId="org-sectors"
      noun="setor"
      add={<AddSector />}
      extraHeaders={['Função']}
      rows={sectors}
      view={(s) => ({ id: s.id, name: s.name, active: s.active === 1, extra: [roleLabel(s.role)] })}
      onActive={(id, active) => update.mutate({ id, body: { active: active ? 1 : 0 } })}
      onDelete={(id) => remove.mutate(id)}
      edit={(sector, close) => <EditSector sector={sector} onClose={close} />}
    />
  );
}
