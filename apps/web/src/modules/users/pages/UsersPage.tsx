import {
  branchLabelOf,
  canManageUsers,
  LIMITS,
  MSG,
  USER_COLUMNS,
  userPrivilegeLabel,
} from '@intranet/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
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
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { useOrgLists } from '../../../api/org.ts';
import { useUser } from '../../../platform/session.tsx';
import { ListCount } from '../../../ui/ListCount.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { BackupCard } from '../../backup/backup.public.ts';
import { EditUserDialog } from '../components/EditUserDialog.tsx';
import { ResetPasswordDialog } from '../components/ResetPasswordDialog.tsx';
import { UsersSheetActions } from '../components/UsersSheetActions.tsx';
import { type AdminUserRow, useDropUser, useUserTable } from '../users.api.ts';

const privilegeLabel = userPrivilegeLabel;
/** The user's branches as people read them: each one's label from the database (decision 0116). */
function useBranchLabels() {
  const { branches } = useOrgLists();
  return (row: AdminUserRow) => row.filiais.map((b) => branchLabelOf(branches, b)).join(', ');
}
/** "37 usuários", "mais de 1.000 usuários". */
const USERS_NOUN = ['usuário', 'usuários'] as const;
const header = (id: (typeof USER_COLUMNS)[number]['id']) => USER_COLUMNS.find((c) => c.id === id)?.header;

export function UsersPage() {
  const user = useUser();
  return (
    <RequireAccess allowed={canManageUsers(user)}>
      <UsersScreen />
    </RequireAccess>
  );
}

function UsersScreen() {
  const table = useUserTable();
  const applied = table.filters.nome ?? '';
  const [search, setSearch] = useState(applied);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { setFilter } = table;
  // The typed text reaches the URL (and the server) 300 ms after the last key.
  useEffect(() => {
    if (debounced !== applied) setFilter('nome', debounced);
  }, [debounced, applied, setFilter]);
  const drop = useDropUser();
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const [resetting, setResetting] = useState<AdminUserRow | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const branchLabels = useBranchLabels();

  const users = table.rows;
  const { query } = table;

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
          <>
            <UsersSheetActions search={applied} />
            {table.creatablePrivileges.length > 0 ? (
              <Button component={Link} to="/CadastrarUsuario" leftSection={<IconUserPlus size={18} />}>
                Cadastrar Usuário
              </Button>
            ) : null}
          </>
        }
      />
      <BackupCard />
      <Paper withBorder radius="md" p="md">
        <TextInput
          label="Buscar usuário"
          placeholder="Nome, matrícula ou CPF"
          leftSection={<IconSearch size={16} />}
          rightSection={query.isFetching ? <Loader size="xs" /> : null}
          value={search}
          maxLength={LIMITS.userNameMax}
          onChange={(e) => setSearch(e.currentTarget.value)}
          mb="md"
        />
        {query.isError ? (
          <Alert color="red">{errorMessage(query.error, 'Erro ao carregar usuários')}</Alert>
        ) : phone ? (
          <UserCards users={users} onEdit={setEditing} onReset={setResetting} onDelete={confirmDelete} />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{header('nome')}</Table.Th>
                  <Table.Th>{header('matricula')}</Table.Th>
                  <Table.Th>{header('setores')}</Table.Th>
                  <Table.Th>{header('filiais')}</Table.Th>
                  <Table.Th>{header('privilegio')}</Table.Th>
                  <Table.Th>{header('suport')}</Table.Th>
                  <Table.Th aria-label="Ações" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td fw={500}>{row.nome}</Table.Td>
                    <Table.Td>{row.matricula}</Table.Td>
                    <Table.Td>{row.setores.join(', ')}</Table.Td>
                    <Table.Td>{branchLabels(row)}</Table.Td>
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
                {!query.isPending && users.length === 0 ? (
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
          <ListCount
            total={table.total}
            capped={table.totalCapped}
            loaded={users.length}
            more={query.hasNextPage}
            noun={USERS_NOUN}
            mt={0}
          />
          {query.hasNextPage ? (
            <Button variant="light" size="xs" loading={query.isFetchingNextPage} onClick={table.loadMore}>
              Carregar mais
            </Button>
          ) : null}
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
  const branchLabels = useBranchLabels();
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
                {branchLabels(row)}
              </Text>
            </Stack>
            <UserActions row={row} {...actions} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
