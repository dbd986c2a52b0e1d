import { Alert, Button, FileInput, Group, Progress, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * What every spreadsheet import shows (people in ImportSheetDialog, the fines' ImportFinesModal):
 * the file picker with its upload bar and the reading's error, the preview's summary, the buttons.
 */

/**
 * The file input, then while the file goes up its share sent (`sent`, 0 to 1; null: not sending),
 * and the message of a reading that failed.
 */
export function SheetPicker({
  label,
  accept,
  file,
  onChange,
  disabled,
  sent,
  animated,
  error,
  errorTestId,
}: {
  label: string;
  accept: string;
  file: File | null;
  onChange(file: File | null): void;
  disabled?: boolean;
  sent: number | null;
  /** The bar moves while full: its import shows no step of its own for the server's reading. */
  animated?: boolean;
  error: string | null;
  errorTestId?: string;
}) {
  return (
    <>
      <FileInput
        label={label}
        placeholder="Escolha o arquivo"
        accept={accept}
        value={file}
        onChange={onChange}
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        clearable
        disabled={disabled}
      />
      {sent === null ? null : (
        <Progress value={sent * 100} animated={animated} aria-label="Envio da planilha" />
      )}
      {error ? (
        <Alert color="red" title="Não foi possível ler a planilha" role="alert" data-testid={errorTestId}>
          {error}
        </Alert>
      ) : null}
    </>
  );
}

/** The preview's summary: its counts (`children`), the columns not read, and whether it may be saved. */
export function ImportSummary({
  p,
  testId,
  children,
}: {
  p: { refusedCount: number; ignoredColumns: readonly string[] };
  testId: string;
  children: ReactNode;
}) {
  return (
    <Alert color={p.refusedCount > 0 ? 'red' : 'blue'} data-testid={testId}>
      <Text size="sm">{children}</Text>
      {p.ignoredColumns.length > 0 ? (
        <Text size="sm" mt={4}>
          Colunas ignoradas: {p.ignoredColumns.join(', ')}.
        </Text>
      ) : null}
      {p.refusedCount > 0 ? (
        <Text size="sm" mt={4} fw={600}>
          Nada será gravado: corrija as linhas recusadas e envie o arquivo de novo.
        </Text>
      ) : null}
    </Alert>
  );
}

/**
 * Closing, then the next step: "Ler planilha" for the chosen file, or once the preview is there
 * its confirmation (never with a refused line); nothing once the import is done.
 */
export function ImportActions({
  closeLabel,
  onClose,
  file,
  onRead,
  reading,
  preview,
  confirmLabel,
  onConfirm,
  confirming,
  done = false,
}: {
  closeLabel: string;
  onClose(): void;
  file: File | null;
  onRead(): void;
  reading: boolean;
  preview: { refusedCount: number } | undefined;
  confirmLabel: string;
  onConfirm(): void;
  confirming: boolean;
  done?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {closeLabel}
      </Button>
      {done ? null : preview ? (
        <Button onClick={onConfirm} loading={confirming} disabled={preview.refusedCount > 0}>
          {confirmLabel}
        </Button>
      ) : (
        <Button onClick={onRead} loading={reading} disabled={!file}>
          Ler planilha
        </Button>
      )}
    </Group>
  );
}
