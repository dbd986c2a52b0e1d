import {
  type FileItem,
  FOLDER_ITEM_NAME_MAX,
  FOLDER_MSG,
  type FolderItem,
  folderItemNameProblem,
  formatDate,
  formatFileSize,
  isBlockedUpload,
  renamedFileName,
} from '@intranet/contracts';
import { ActionIcon, Menu, Text, TextInput, ThemeIcon } from '@mantine/core';
import {
  IconDots,
  IconDownload,
  IconFile,
  IconFileTypePdf,
  IconFileTypeXls,
  IconFolder,
  IconFolderOpen,
  IconPencil,
  IconPhoto,
  IconShare,
  IconTrash,
  IconWorld,
} from '@tabler/icons-react';
import { type CSSProperties, type MouseEvent, type Ref, useState } from 'react';
import { downloadUrl } from '../folders.api.ts';
import classes from './ItemRow.module.css';

export type ExplorerItem = { kind: 'folder'; item: FolderItem } | { kind: 'file'; item: FileItem };

export interface ItemActions {
  open(entry: ExplorerItem): void;
  rename(entry: ExplorerItem, name: string): Promise<boolean>;
  permission(folder: FolderItem): void;
  remove(entry: ExplorerItem): void;
}

function FileIcon({ tipo }: { tipo: string }) {
  if (tipo === 'pdf') return <IconFileTypePdf size={20} />;
  if (['xls', 'xlsx', 'csv', 'ods'].includes(tipo)) return <IconFileTypeXls size={20} />;
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg'].includes(tipo)) return <IconPhoto size={20} />;
  return <IconFile size={20} />;
}

const TOUCH_QUERY = '(pointer: coarse)';

/** A click on the row's own buttons, menu or rename input, which is not a tap on the row. */
const fromControl = (e: MouseEvent) =>
  e.target instanceof Element && e.target.closest('button, input, a, [role="menu"]') !== null;

/** The React key of an entry: folder and file ids live in different tables. */
export function entryKey(entry: ExplorerItem): string {
  return `${entry.kind}-${entry.item.id}`;
}

/**
 * One folder or file: double click opens, the options menu follows the item's abilities (spec §6).
 * `ref`, `style`, `index` and `setSize` let the virtual list (FolderItemList) place and measure it.
 */
export function ItemRow({
  entry,
  actions,
  publicFolder,
  ref,
  style,
  index,
  setSize,
}: {
  entry: ExplorerItem;
  actions: ItemActions;
  publicFolder: boolean;
  ref?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  index?: number;
  setSize?: number;
}) {
  const { item } = entry;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(item.name);
  const [error, setError] = useState<string | null>(null);
  const a = item.abilities;
  const isFolder = entry.kind === 'folder';

  async function save() {
    // A file keeps its extension unless the new name has one (issue 15).
    const name = isFolder ? draft.trim() : renamedFileName(item.name, draft);
    if (name === item.name) {
      setEditing(false);
      setError(null);
      return;
    }
    const problem =
      folderItemNameProblem(name) ??
      (!isFolder && isBlockedUpload(name) ? FOLDER_MSG.uploadDangerous : undefined);
    if (problem) {
      setError(problem);
      return;
    }
    if (await actions.rename(entry, name)) {
      setEditing(false);
      setError(null);
    }
  }

  return (
    <li
      ref={ref}
      style={style}
      data-index={index}
      aria-posinset={index === undefined ? undefined : index + 1}
      aria-setsize={setSize}
      className={classes.row}
      data-testid="explorer-item"
      data-kind={entry.kind}
      data-name={item.name}
      onDoubleClick={() => !editing && actions.open(entry)}
      onClick={(e) => {
        // On a touch screen there is no double click: one tap opens a folder.
        if (isFolder && !editing && !fromControl(e) && window.matchMedia(TOUCH_QUERY).matches)
          actions.open(entry);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) actions.open(entry);
      }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: rows open with Enter like in a file manager
      tabIndex={0}
      aria-label={`${isFolder ? 'Pasta' : 'Arquivo'} ${item.name}`}
    >
      <ThemeIcon variant="light" color={isFolder ? 'yellow' : 'gray'} size={36} radius="md" aria-hidden>
        {isFolder ? (
          entry.item.id === 2 ? (
            <IconWorld size={20} />
          ) : (
            <IconFolder size={20} />
          )
        ) : (
          <FileIcon tipo={entry.item.tipo} />
        )}
      </ThemeIcon>
      <div className={classes.name}>
        {editing ? (
          <TextInput
            size="xs"
            value={draft}
            aria-label="Novo nome"
            autoFocus
            error={error}
            maxLength={FOLDER_ITEM_NAME_MAX}
            onFocus={(e) => {
              const dot = isFolder ? -1 : draft.lastIndexOf('.');
              e.currentTarget.setSelectionRange(0, dot > 0 ? dot : draft.length);
            }}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              setError(null);
            }}
            onBlur={() => void save()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void save();
              }
              if (e.key === 'Escape') {
                setDraft(item.name);
                setEditing(false);
                setError(null);
              }
            }}
          />
        ) : (
          <Text size="sm" fw={500} className={classes.nameText} title={item.name}>
            {item.name}
          </Text>
        )}
        {item.location ? (
          // A search below this folder says where each item is (issue 15).
          <Text
            size="xs"
            c="dimmed"
            className={classes.meta}
            title={item.location}
            data-testid="item-location"
          >
            Em {item.location}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" className={classes.meta}>
          {[
            formatDate(item.date),
            entry.kind === 'file' ? formatFileSize(entry.item.size) : null,
            item.createdByName,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </div>
      {a.options ? (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Opções de ${item.name}`} size="lg">
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {a.open ? (
              <Menu.Item leftSection={<IconFolderOpen size={16} />} onClick={() => actions.open(entry)}>
                Abrir
              </Menu.Item>
            ) : null}
            {a.rename ? (
              <Menu.Item
                leftSection={<IconPencil size={16} />}
                onClick={() => {
                  setDraft(item.name);
                  setEditing(true);
                }}
              >
                Renomear
              </Menu.Item>
            ) : null}
            {a.permission && !publicFolder && entry.kind === 'folder' ? (
              <Menu.Item leftSection={<IconShare size={16} />} onClick={() => actions.permission(entry.item)}>
                Ceder Permissão
              </Menu.Item>
            ) : null}
            {a.download && entry.kind === 'file' ? (
              <Menu.Item
                leftSection={<IconDownload size={16} />}
                component="a"
                href={downloadUrl(entry.item)}
                download={entry.item.name}
              >
                Download
              </Menu.Item>
            ) : null}
            {a.delete ? (
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => actions.remove(entry)}
              >
                Excluir
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : (
        <span className={classes.menuSpacer} />
      )}
    </li>
  );
}
