import {
  BRANCH_LABEL,
  type BranchName,
  forcedSuport,
  MSG,
  PRIVILEGE_OPTIONS,
  updateUserBody,
} from '@intranet/contracts';
import { Button, Group, Modal, MultiSelect, Select, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { type AdminUserRow, useBranches, useSectors, useUpdateUser } from '../users.api.ts';

/** Sectors, branches, privilege and support of one user (spec §6). */
export function EditUserDialog({ user, onClose }: { user: AdminUserRow | null; onClose(): void }) {
  const sectors = useSectors();
  const branches = useBranches();
  const update = useUpdateUser();
  const [setores, setSetores] = useState<string[]>([]);
  const [filiais, setFiliais] = useState<string[]>([]);
  const [privilegio, setPrivilegio] = useState('3');
  const [suport, setSuport] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!user) return;
    setSetores(user.setores);
    setFiliais(user.filiais);
    setPrivilegio(String(user.privilegio));
    setSuport(user.suport === 1);
    setError(null);
  }, [user]);

  if (!user) return null;
  const priv = Number(privilegio);
  const forced = forcedSuport(priv, 0) === 1;
  const privilegeOptions = PRIVILEGE_OPTIONS.filter((o) => user.abilities.privileges.includes(o.value)).map(
    (o) => ({
      value: String(o.value),
      label: o.label,
    }),
  );

  const save = async () => {
    const parsed = updateUserBody.safeParse({
      userId: user.id,
      setores,
      filiais,
      privilegio: priv,
      suport: suport ? 1 : 0,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.dataUpdateError);
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      notifications.show({ color: 'green', message: MSG.dataUpdated });
      onClose();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: MSG.dataUpdateError,
        message: errorMessage(err, MSG.dataUpdateError),
      });
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Editar ${user.nome}`} centered size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          Matrícula {user.matricula}
        </Text>
        <MultiSelect
          label="Setores"
          description="O primeiro é o setor principal."
          data={(sectors.data ?? [])
            .map((s) => s.name)
            .filter((name) => user.abilities.setores.includes(name))}
          value={setores}
          onChange={setSetores}
          searchable
          required
        />
        <MultiSelect
          label="Filiais"
          data={(branches.data ?? [])
            .filter((b) => user.abilities.filiais.includes(b.name))
            .map((b) => ({
              value: b.name,
              label: BRANCH_LABEL[b.name as BranchName] ?? b.label,
            }))}
          value={filiais}
          onChange={setFiliais}
          required
        />
        <Select
          label="Privilégio"
          data={privilegeOptions}
          value={privilegio}
          onChange={(v) => v && setPrivilegio(v)}
          allowDeselect={false}
          disabled={privilegeOptions.length < 2}
        />
        {user.abilities.suport ? (
          <Switch
            label="Suporte"
            description={forced ? 'Administrador e Gestor são sempre suporte.' : undefined}
            checked={forced || suport}
            disabled={forced}
            onChange={(e) => setSuport(e.currentTarget.checked)}
          />
        ) : null}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
