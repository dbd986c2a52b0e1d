import {
  IMPORT_ACTION_LABEL,
  IMPORT_LINE_COLUMNS,
  type ImportAction,
  type ImportLine,
  type ImportPreview,
  type ImportResult,
  MSG,
} from '@intranet/contracts';
import { Alert, Badge, List, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../api/client.ts';
import { successMessage } from '../api/query-client.ts';
import { Dialog } from './Dialog.tsx';
import { ImportActions, ImportSummary, SheetPicker } from './SheetImportParts.tsx';
import { withCells } from './table-columns.ts';
import { VirtualTable } from './VirtualTable.tsx';

const SHEET_ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

const ACTION_COLOR: Record<ImportAction, string> = {
  add: 'green',
  update: 'blue',
  unchanged: 'gray',
  refuse: 'red',
};

const COLUMNS = withCells<ImportLine>(IMPORT_LINE_COLUMNS, {
  action: (r) => (
    <Badge variant="light" color={ACTION_COLOR[r.action]}>
      {IMPORT_ACTION_LABEL[r.action]}
    </Badge>
  ),
  // Two lines, whole on hover: tighter lines reaching into the cell's padding keep the 44 px row
  // the virtual table counts on.
  detail: (r) => (
    <Text
      size="sm"
      lh={1.25}
      my={-6}
      lineClamp={2}
      title={r.detail ?? undefined}
      style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
    >
      {r.detail}
    </Text>
  ),
});

/** The calls of one import (users, employees): upload for the preview, then commit or cancel. */
export interface SheetImportCalls {
  preview(file: File, onUpload: (fraction: number) => void): Promise<ImportPreview>;
  commit(id: string): Promise<ImportResult>;
  cancel(id: string): Promise<unknown>;
  /** After a commit: the lists reload. */
  onImported(): void;
}

function Counts({ p }: { p: ImportPreview }) {
  return (
    <ImportSummary p={p} testId="import-summary">
      {p.fileName}: {p.rows} linha(s) — {p.added} a adicionar, {p.updated} a atualizar, {p.unchanged} sem
      alteração, {p.refusedCount} recusada(s).
    </ImportSummary>
  );
}

/** Refused lines written out whole (the table cuts long reasons): the first REFUSALS_LISTED. */
const REFUSALS_LISTED = 200;

function Refusals({ p }: { p: ImportPreview }) {
  const refused = p.lines.filter((l) => l.action === 'refuse');
  if (refused.length === 0) return null;
  const more = refused.length - REFUSALS_LISTED;
  return (
    <Stack gap={4} data-testid="import-refused">
      <Text size="sm" fw={600}>
        Linhas recusadas
      </Text>
      <ScrollArea.Autosize mah={180} type="auto">
        <List size="sm" spacing={2}>
          {refused.slice(0, REFUSALS_LISTED).map((l) => (
            <List.Item key={l.line} style={{ overflowWrap: 'anywhere' }}>
              Linha {l.line}: {l.detail}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      {more > 0 ? (
        <Text size="sm" c="dimmed">
          e mais {more} linha(s) recusada(s).
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Importar: choose an .xlsx or .csv, read its preview (every line: to add, to update, unchanged or
 * refused with the reason, in a virtual table), then Confirmar (one transaction on the server) or
 * Cancelar. A file with a refused line cannot be confirmed (decision 0117).
 */
export function ImportSheetDialog({
  opened,
  onClose,
  title,
  help,
  calls,
}: {
  opened: boolean;
  onClose(): void;
  title: string;
  help: ReactNode;
  calls: SheetImportCalls;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const preview = useMutation({
    mutationFn: (f: File) => calls.preview(f, setSent),
    meta: { error: false },
  });
  const commit = useMutation({
    mutationFn: (id: string) => calls.commit(id),
    onSuccess: calls.onImported,
    // Refused or expired: the server no longer holds the preview; the file is read again.
    onError: () => preview.reset(),
    meta: { error: 'Erro ao importar a planilha', success: successMessage },
  });
  const cancel = useMutation({ mutationFn: (id: string) => calls.cancel(id), meta: { error: false } });
  const p = preview.data;
  const done = commit.data;

  /** The previewed file is dropped on the server when the dialog leaves it unconfirmed. */
  const drop = () => {
    if (p && !commit.isSuccess) cancel.mutate(p.importId);
    preview.reset();
  };
  const close = () => {
    if (!commit.isPending) drop();
    commit.reset();
    setFile(null);
    setSent(0);
    onClose();
  };
  const read = () => {
    if (!file) return;
    drop();
    commit.reset();
    setSent(0);
    preview.mutate(file);
  };

  return (
    <Dialog opened={opened} onClose={close} title={title} size="xl">
      <Stack>
        {help}
        <SheetPicker
          label="Planilha (.xlsx ou .csv)"
          accept={SHEET_ACCEPT}
          file={file}
          onChange={(f) => {
            drop();
            commit.reset();
            setFile(f);
          }}
          disabled={commit.isPending}
          sent={preview.isPending ? sent : null}
          animated
          error={preview.isError ? errorMessage(preview.error, MSG.requestNotSent) : null}
        />
        {done ? (
          <Alert color="green" role="status" data-testid="import-result">
            {done.message}
          </Alert>
        ) : null}
        {p && !done ? <Counts p={p} /> : null}
        {p && !done ? <Refusals p={p} /> : null}
        {p && !done ? (
          <VirtualTable
            label="Linhas da planilha"
            rows={p.lines}
            columns={COLUMNS}
            total={p.lines.length}
            hasMore={false}
            rowKey={(r) => r.line}
            // A long file scrolls inside a frame; a short one takes its rows' height.
            height={p.lines.length > 6 ? 320 : undefined}
          />
        ) : null}
        <ImportActions
          closeLabel={done ? 'Concluir' : 'Cancelar'}
          onClose={close}
          file={file}
          onRead={read}
          reading={preview.isPending}
          preview={p}
          confirmLabel="Confirmar"
          onConfirm={() => p && commit.mutate(p.importId)}
          confirming={commit.isPending}
          done={Boolean(done)}
        />
      </Stack>
    </Dialog>
  );
}
