import { Alert, FileInput, Progress, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * What every spreadsheet import shows (people in ImportSheetDialog, the fines' ImportFinesModal):
 * the file picker with its upload bar and the reading's error, and the preview's summary.
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
