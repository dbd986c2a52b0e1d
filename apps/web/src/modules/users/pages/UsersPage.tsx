import { BRANCH_LABEL, type BranchName, canManageUsers, MSG, PRIVILEGE_OPTIONS } from '@intranet/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconKey, IconPencil, IconSearch, IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { useUser } from '../../../app/session.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { EditUserDialog } from '../components/EditUserDialog.tsx';
import { ResetPasswordDialog } from '../components/ResetPasswordDialog.tsx';
import { type AdminUserRow, useDropUser, useUserList } from '../users.api.ts';

const PAGE_SIZE = 20;
const privilegeLabel = (p: number) => PRIVILEGE_OPTIONS.find((o) => o.value === p)?.label ?? String(p);
const branchLabel = (b: string) => BRANCH_LABEL[b as BranchName] ?? b;

export function UsersPage() {
  const user = useUser();
  return (
    <RequireAccess allowed={canManageUsers(user)}>
      <UsersScreen />
    </RequireAccess>
  );
}

function UsersScreen() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useUserList(debounced, page, PAGE_SIZE);
  const drop = useDropUser();
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const [resetting, setResetting] = useState<AdminUserRow | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');

  const users = (list.data?.users ?? []) as AdminUserRow[];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const confirmDelete = (row: AdminUserRow) =>
    modals.openConfirmModal({
      title: 'Excluir usuário',
      children: (
        <Text size="sm">
          {MSG.userDeleteConfirm}
          <br />
          <b>{row.nome}</b> ({row.matricula})
        </Text>
      ),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => drop.mutate(row.id),
    });

  return (
    <>
      <PageTitle
        title="Usuários"
        description="Busque, edite setores, filiais, privilégio e suporte, redefina senhas e exclua usuários."
        icon={<IconUsers size={28} />}
        actions={
          (list.data?.creatablePrivileges.length ?? 0) > 0 ? (
            <Button component={Link} to="/CadastrarUsuario" leftSection={<IconUserPlus size={18} />}>
              Cadastrar Usuário
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="md" p="md">
        <TextInput
          label="Buscar usuário"
          placeholder="Nome, matrícula ou CPF"
          leftSection={<IconSearch size={16} />}
          rightSection={list.isFetching ? <Loader size="xs" /> : null}
          value={search}
          maxLength={55}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          mb="md"
        />
        {list.isError ? (
          <Alert color="red">{errorMessage(list.error, 'Erro ao carregar usuários')}</Alert>
        ) : phone ? (
          <UserCards users={users} onEdit={setEditing} onReset={setResetting} onDelete={confirmDelete} />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Matrícula</Table.Th>
                  <Table.Th>Setores</Table.Th>
                  <Table.Th>Filiais</Table.Th>
                  <Table.Th>Privilégio</Table.Th>
                  <Table.Th>Suporte</Table.Th>
                  <Table.Th aria-label="Ações" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td fw={500}>{row.nome}</Table.Td>
                    <Table.Td>{row.matricula}</Table.Td>
                    <Table.Td>{row.setores.join(', ')}</Table.Td>
                    <Table.Td>{row.filiais.map(branchLabel).join(', ')}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={row.privilegio === 1 ? 'red' : row.privilegio === 2 ? 'blue' : 'gray'}
                      >
                        {privilegeLabel(row.privilegio)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.suport === 1 ? 'Sim' : 'Não'}</Table.Td>
                    <Table.Td>
                      <UserActions
                        row={row}
                        onEdit={setEditing}
                        onReset={setResetting}
                        onDelete={confirmDelete}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
                {!list.isPending && users.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text c="dimmed" ta="center" py="md">
                        Nenhum usuário encontrado.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between" mt="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            {total} {total === 1 ? 'usuário' : 'usuários'}
          </Text>
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      </Paper>
      {editing ? <EditUserDialog key={editing.id} user={editing} onClose={() => setEditing(null)} /> : null}
      {resetting ? (
        <ResetPasswordDialog key={resetting.id} user={resetting} onClose={() => setResetting(null)} />
      ) : null}
    </>
  );
}

interface UserActionsProps {
  row: AdminUserRow;
  onEdit(row: AdminUserRow): void;
  onReset(row: AdminUserRow): void;
  onDelete(row: AdminUserRow): void;
}

/** Only the buttons the server says this caller may press on this user. */
function UserActions({ row, onEdit, onReset, onDelete }: UserActionsProps) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {row.abilities.update ? (
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" aria-label={`Editar ${row.nome}`} onClick={() => onEdit(row)}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {row.abilities.resetPassword ? (
        <Tooltip label="Redefinir senha">
          <ActionIcon
            variant="subtle"
            aria-label={`Redefinir senha de ${row.nome}`}
            onClick={() => onReset(row)}
          >
            <IconKey size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {row.abilities.delete ? (
        <Tooltip label="Excluir">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Excluir ${row.nome}`}
            onClick={() => onDelete(row)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** Phones: one card per user, actions always visible. */
function UserCards({ users, ...actions }: { users: AdminUserRow[] } & Omit<UserActionsProps, 'row'>) {
  return (
    <Stack gap="sm">
      {users.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          Nenhum usuário encontrado.
        </Text>
      ) : null}
      {users.map((row) => (
        <Paper key={row.id} withBorder radius="md" p="sm" data-testid="user-card">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>{row.nome}</Text>
              <Text size="sm" c="dimmed">
                Matrícula {row.matricula} · {privilegeLabel(row.privilegio)}
                {row.suport === 1 ? ' · Suporte' : ''}
              </Text>
              <Text size="sm">{row.setores.join(', ')}</Text>
              <Text size="xs" c="dimmed">
                {row.filiais.map(branchLabel).join(', ')}
              </Text>
            </Stack>
            <UserActions row={row} {...actions} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
