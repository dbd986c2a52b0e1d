import { APP_SEARCH_MAX, type AppItem, MSG } from '@intranet/contracts';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconApps,
  IconDots,
  IconExternalLink,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTags,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { storedFileUrl } from '../../../ui/image-check.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { useApps, useDeleteApp } from '../apps.api.ts';
import { AppDialog } from '../components/AppDialog.tsx';
import { AppSectorsDialog } from '../components/AppSectorsDialog.tsx';

export function AppsPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const apps = useApps(debounced);
  const remove = useDeleteApp();
  const [editing, setEditing] = useState<AppItem | 'new' | null>(null);
  const [assigning, setAssigning] = useState<AppItem | null>(null);

  const confirmDelete = (app: AppItem) =>
    modals.openConfirmModal({
      title: 'Excluir aplicativo',
      children: <Text size="sm">Você confirma a exclusão do aplicativo {app.name}?</Text>,
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(app.id),
    });

  const list = apps.data?.apps ?? [];
  return (
    <>
      <PageTitle
        title="Aplicativos"
        description="Sistemas e links usados pelo seu setor."
        icon={<IconApps size={28} />}
        actions={
          apps.data?.canCreate ? (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              Adicionar aplicativo
            </Button>
          ) : null
        }
      />
      <TextInput
        aria-label="Buscar aplicativo"
        placeholder="Buscar aplicativo"
        leftSection={<IconSearch size={16} />}
        rightSection={apps.isFetching ? <Loader size="xs" /> : null}
        value={search}
        maxLength={APP_SEARCH_MAX}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb="lg"
        maw={420}
      />
      {!apps.isPending && list.length === 0 ? <Text c="dimmed">{MSG.appsEmpty}</Text> : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {list.map((app) => (
          <Card key={app.id} withBorder radius="md" padding="md" data-testid="app-card">
            <Group wrap="nowrap" align="flex-start" justify="space-between">
              <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                <Avatar src={storedFileUrl(app.image)} radius="md" size={48} color="brand" alt="">
                  <IconApps size={24} />
                </Avatar>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Anchor
                    href={app.address}
                    target="_blank"
                    rel="noopener noreferrer"
                    c="inherit"
                    fw={600}
                    lineClamp={2}
                  >
                    {app.name}
                  </Anchor>
                  <Anchor href={app.address} target="_blank" rel="noopener noreferrer" size="sm">
                    <Group gap={4} wrap="nowrap">
                      Abrir <IconExternalLink size={14} />
                    </Group>
                  </Anchor>
                </Stack>
              </Group>
              {app.abilities.update || app.abilities.delete || app.abilities.assignSectors ? (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Opções de ${app.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {app.abilities.update ? (
                      <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(app)}>
                        Editar
                      </Menu.Item>
                    ) : null}
                    {app.abilities.assignSectors ? (
                      <Menu.Item leftSection={<IconTags size={16} />} onClick={() => setAssigning(app)}>
                        Setores
                      </Menu.Item>
                    ) : null}
                    {app.abilities.delete ? (
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={() => confirmDelete(app)}
                      >
                        Excluir
                      </Menu.Item>
                    ) : null}
                  </Menu.Dropdown>
                </Menu>
              ) : null}
            </Group>
            {app.abilities.assignSectors ? (
              <Group gap={4} mt="sm">
                {app.setores.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    Sem setores
                  </Text>
                ) : (
                  app.setores.map((s) => (
                    <Badge key={s} size="xs" variant="light">
                      {s}
                    </Badge>
                  ))
                )}
              </Group>
            ) : null}
          </Card>
        ))}
      </SimpleGrid>
      {editing ? <AppDialog app={editing} onClose={() => setEditing(null)} /> : null}
      {assigning ? <AppSectorsDialog app={assigning} onClose={() => setAssigning(null)} /> : null}
    </>
  );
}
