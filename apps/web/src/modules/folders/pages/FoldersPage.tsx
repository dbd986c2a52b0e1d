import type { FileItem } from '@intranet/contracts';
import {
  FOLDER_MSG,
  FOLDER_SEARCH_MAX,
  type FolderItem,
  PUBLIC_FOLDER_ID,
  ROOT_FOLDER_ID,
} from '@intranet/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconArrowLeft,
  IconFolderPlus,
  IconFolders,
  IconPaperclip,
  IconSearch,
  IconUpload,
} from '@tabler/icons-react';
import { type DragEvent, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { UploadProgressList } from '../../../ui/UploadProgressList.tsx';
import { useLoadMore } from '../../../ui/useLoadMore.ts';
import { FileInfoDialog } from '../components/FileInfoDialog.tsx';
import { FolderItemList } from '../components/FolderItemList.tsx';
import type { ExplorerItem, ItemActions } from '../components/ItemRow.tsx';
import { NewFolderDialog } from '../components/NewFolderDialog.tsx';
import { PermissionDialog } from '../components/PermissionDialog.tsx';
import { useUploads } from '../components/useUploads.ts';
import { useDeleteSummary, useDropItem, useItems, useRename } from '../folders.api.ts';

/** The folder explorer (/FoldersFiles): the open folder lives in the address (?pasta=id), so Back works. */
export function FoldersPage() {
  const [params, setParams] = useSearchParams();
  const folderId = Number(params.get('pasta')) || ROOT_FOLDER_ID;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const items = useItems(folderId, debounced);
  const renameFolder = useRename('folder');
  const renameFile = useRename('file');
  const drop = useDropItem();
  const deleteSummary = useDeleteSummary();
  const uploads = useUploads();
  const [newFolderOpen, setNewFolderOpen] = useState(false);
  const [permissionFor, setPermissionFor] = useState<FolderItem | null>(null);
  const [infoFor, setInfoFor] = useState<FileItem | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);

  const data = items.data;
  const loadMore = useLoadMore(items);
  const current = data?.current;
  const canUpload = current?.canUpload === true && current.id === folderId;

  function openFolder(id: number) {
    setSearch('');
    setParams(id === ROOT_FOLDER_ID ? {} : { pasta: String(id) });
  }

  const actions: ItemActions = {
    open(entry) {
      if (entry.kind === 'folder') openFolder(entry.item.id);
      else setInfoFor(entry.item);
    },
    rename: (entry, name) =>
      (entry.kind === 'folder' ? renameFolder : renameFile)
        .mutateAsync({ itemId: entry.item.id, itemName: name })
        .then(
          () => true,
          () => false,
        ),
    permission: setPermissionFor,
    remove(entry) {
      void confirmRemove(entry);
    },
  };

  async function confirmRemove(entry: ExplorerItem) {
    let message = `O arquivo “${entry.item.name}” será excluído.`;
    if (entry.kind === 'folder') {
      const s = await deleteSummary.mutateAsync(entry.item.id).catch(() => undefined);
      if (!s) return;
      const total = s.folders + s.files;
      message =
        total === 0
          ? `A pasta “${entry.item.name}” está vazia e será excluída.`
          : `A pasta “${entry.item.name}” será excluída com ${total} ${total === 1 ? 'item' : 'itens'} (${s.folders} ${
              s.folders === 1 ? 'subpasta' : 'subpastas'
            } e ${s.files} ${s.files === 1 ? 'arquivo' : 'arquivos'}).`;
    }
    modals.openConfirmModal({
      title: 'Excluir',
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm" data-testid="delete-summary">
            {message}
          </Text>
          <Text size="sm" c="dimmed">
            Esta ação não pode ser desfeita.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        drop.mutate({ id: entry.item.id, tipo: entry.kind === 'folder' ? 'folder' : entry.item.tipo }),
    });
  }

  function upload(files: FileList | File[] | null) {
    if (!files || files.length === 0) return;
    // Where uploads are refused (Home, Pasta Pública) the server says why before any byte is stored.
    uploads.start(folderId, Array.from(files));
  }

  const dragHandlers = {
    onDragEnter(e: DragEvent) {
      if (!e.dataTransfer.types.includes('Files')) return;
      dragDepth.current += 1;
      setDragging(true);
    },
    onDragLeave() {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDragOver(e: DragEvent) {
      if (e.dataTransfer.types.includes('Files')) e.preventDefault();
    },
    onDrop(e: DragEvent) {
      if (!e.dataTransfer.files.length) return;
      e.preventDefault();
      dragDepth.current = 0;
      setDragging(false);
      upload(e.dataTransfer.files);
    },
  };

  const entries = useMemo<ExplorerItem[]>(
    () => [
      ...(data?.folders ?? []).map((item) => ({ kind: 'folder' as const, item })),
      ...(data?.files ?? []).map((item) => ({ kind: 'file' as const, item })),
    ],
    [data],
  );
  const trail = current?.trail ?? [{ id: ROOT_FOLDER_ID, name: 'Home' }];
  const parent = trail.length > 1 ? trail[trail.length - 2] : undefined;

  return (
    <Stack gap="md" {...dragHandlers} style={{ position: 'relative' }} data-testid="explorer">
      <PageTitle title="Pastas e Arquivos" icon={<IconFolders size={28} />} />
      <Card withBorder radius="md" padding="sm">
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Tooltip label="Voltar">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Voltar"
                disabled={!parent}
                onClick={() => parent && openFolder(parent.id)}
              >
                <IconArrowLeft size={18} />
              </ActionIcon>
            </Tooltip>
            <nav aria-label="Caminho" style={{ minWidth: 0 }}>
              <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'wrap' }}>
                {trail.map((step, i) =>
                  i === trail.length - 1 ? (
                    <Text key={step.id} size="sm" fw={600} truncate="end" maw={220} aria-current="page">
                      {step.name}
                    </Text>
                  ) : (
                    <Anchor
                      key={step.id}
                      size="sm"
                      component="button"
                      type="button"
                      onClick={() => openFolder(step.id)}
                      truncate="end"
                      maw={160}
                    >
                      {step.name}
                    </Anchor>
                  ),
                )}
              </Breadcrumbs>
            </nav>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              placeholder="Buscar nesta pasta"
              aria-label="Buscar"
              leftSection={<IconSearch size={16} />}
              value={search}
              maxLength={FOLDER_SEARCH_MAX}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Tooltip label="Nova pasta">
              <ActionIcon
                variant="light"
                size="lg"
                aria-label="Nova pasta"
                disabled={!current?.canCreateFolder}
                onClick={() => setNewFolderOpen(true)}
              >
                <IconFolderPlus size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip
              label={
                canUpload ? 'Enviar arquivos' : 'Abra uma pasta (exceto a Pasta Pública) para enviar arquivos'
              }
            >
              <ActionIcon
                variant="light"
                size="lg"
                aria-label="Enviar arquivos"
                disabled={!canUpload}
                onClick={() => fileInput.current?.click()}
              >
                <IconPaperclip size={18} />
              </ActionIcon>
            </Tooltip>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              data-testid="upload-input"
              onChange={(e) => {
                upload(e.currentTarget.files);
                e.currentTarget.value = '';
              }}
            />
          </Group>
        </Stack>
      </Card>

      <UploadProgressList rows={uploads.rows} onCancel={uploads.cancel} />

      <Card withBorder radius="md" padding="xs" aria-busy={items.isFetching}>
        {items.isPending ? (
          <Group justify="center" p="lg">
            <Loader size="sm" />
          </Group>
        ) : items.isError ? (
          <Alert color="red" title="Não foi possível abrir a pasta">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(items.error, FOLDER_MSG.folderNotFound)}</Text>
              <Button variant="light" size="xs" onClick={() => openFolder(ROOT_FOLDER_ID)}>
                Ir para Home
              </Button>
            </Stack>
          </Alert>
        ) : entries.length === 0 ? (
          <Text c="dimmed" ta="center" p="lg" size="sm">
            {debounced
              ? 'Nenhum item encontrado.'
              : canUpload
                ? 'Pasta vazia. Arraste arquivos para cá ou use o clipe.'
                : 'Pasta vazia.'}
          </Text>
        ) : (
          <>
            <FolderItemList
              entries={entries}
              actions={actions}
              publicFolder={folderId === PUBLIC_FOLDER_ID}
              onEndReached={loadMore}
            />
            {data?.truncated ? (
              <Text size="xs" c="dimmed" ta="center" p="xs">
                Mostrando os primeiros resultados. Refine a busca para ver outros itens.
              </Text>
            ) : null}
          </>
        )}
      </Card>

      {dragging && canUpload ? (
        <div
          data-testid="drop-overlay"
          style={{
            position: 'absolute',
            inset: 0,
            border: '3px dashed var(--mantine-color-brand-5)',
            borderRadius: 12,
            background: 'rgba(255,255,255,0.85)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
            zIndex: 5,
          }}
        >
          <Group gap="xs">
            <IconUpload size={28} />
            <Text fw={600}>Solte os arquivos para enviar a “{current?.name}”</Text>
          </Group>
        </div>
      ) : null}

      <NewFolderDialog parentId={folderId} opened={newFolderOpen} onClose={() => setNewFolderOpen(false)} />
      <PermissionDialog folder={permissionFor} onClose={() => setPermissionFor(null)} />
      <FileInfoDialog file={infoFor} onClose={() => setInfoFor(null)} />
    </Stack>
  );
}
