import { type FineImportJob, type FineImportPreview, type FineImportReading, MSG } from '@intranet/contracts';
import { Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ImportActions, ImportSummary, SheetPicker } from '../../../ui/SheetImportParts.tsx';
import { useFineImportCancel, useFineImportCommit, useFineImportPreview } from '../fines.api.ts';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function Summary({ p }: { p: FineImportPreview }) {
  return (
    <ImportSummary p={p} testId="fine-import-summary">
      {p.fileName}: {p.rows} linha(s) lidas — {p.added} a adicionar, {p.updated} a atualizar,{' '}
      {p.unchanged > 0 ? `${p.unchanged} sem alteração, ` : ''}
      {p.refusedCount} recusada(s).
    </ImportSummary>
  );
}

function Refusals({ p }: { p: FineImportPreview }) {
  if (p.refused.length === 0) return null;
  const more = p.refusedCount - p.refused.length;
  return (
    <ScrollArea.Autosize mah={280} type="auto">
      <Table striped withTableBorder aria-label="Linhas recusadas" data-testid="fine-import-refused">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>Linha</Table.Th>
            <Table.Th>Motivo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.refused.map((r) => (
            <Table.Tr key={r.line}>
              <Table.Td>{r.line}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {more > 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          e mais {more} linha(s) recusada(s).
        </Text>
      ) : null}
    </ScrollArea.Autosize>
  );
}

/** The confirmed import being written on the server: rows written of the total. */
function Writing({ job }: { job: FineImportJob | null }) {
  const share = job && job.total > 0 ? (job.written / job.total) * 100 : 0;
  return (
    <Stack gap={4} data-testid="fine-import-progress">
      <Progress value={share} animated aria-label="Gravação da importação" />
      <Text size="sm" c="dimmed">
        {job?.message ?? 'Iniciando a gravação…'}
      </Text>
    </Stack>
  );
}

/** The uploaded file being read on the server: rows read so far (the preview comes after). */
function Reading({ reading }: { reading: FineImportReading }) {
  return (
    <Stack gap={4} data-testid="fine-import-reading">
      <Progress value={100} striped animated aria-label="Leitura da planilha" />
      <Text size="sm" c="dimmed">
        {reading.message}
      </Text>
    </Stack>
  );
}

const aborted = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * Importar planilha: an .xlsx with the field names as headers (multas_geral.xlsx is one). The
 * server reads it as a job the dialog follows ("Lendo: N linha(s)…"), then shows its preview;
 * a reading the server lost (restart, expiry) says so in the dialog. Nothing is written until
 * "Confirmar importação", and a file with any refused row cannot be confirmed (decision
 * 0074).
 */
export function ImportFinesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [job, setJob] = useState<FineImportJob | null>(null);
  const [reading, setReading] = useState<FineImportReading | null>(null);
  const stop = useRef<AbortController | null>(null);
  const preview = useFineImportPreview();
  const commit = useFineImportCommit();
  const cancel = useFineImportCancel();
  const p = preview.data;
  const failure =
    preview.error && !aborted(preview.error) ? errorMessage(preview.error, MSG.requestNotSent) : null;

  /** Drops the previewed file on the server, or stops its reading under way. */
  const dropPreview = () => {
    stop.current?.abort();
    stop.current = null;
    if (p) cancel.mutate(p.importId);
    else if (reading?.state === 'reading' && preview.isPending) cancel.mutate(reading.importId);
    setReading(null);
    preview.reset();
  };
  const finish = () => {
    preview.reset();
    setFile(null);
    setProgress(0);
    setJob(null);
    setReading(null);
    onClose();
  };
  /** Closing before confirming drops the previewed file on the server. */
  const close = () => {
    // A confirmed import goes on on the server: closing only stops following it.
    if (!commit.isPending) dropPreview();
    finish();
  };
  const read = () => {
    if (!file) return;
    dropPreview();
    setProgress(0);
    const controller = new AbortController();
    stop.current = controller;
    preview.mutate({ file, onUpload: setProgress, onReading: setReading, signal: controller.signal });
  };
  const confirm = () => {
    if (!p) return;
    setJob(null);
    commit.mutate(
      { id: p.importId, onProgress: setJob },
      {
        // Committed: the server has already forgotten the import.
        onSuccess: finish,
        // A refused, expired or failed import is gone on the server: read the file again.
        onError: () => {
          setJob(null);
          preview.reset();
        },
      },
    );
  };

  return (
    <Dialog opened={opened} onClose={close} title="Importar planilha" size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          Planilha .xlsx com os nomes dos campos na primeira linha (como a multas_geral.xlsx). Multas com
          NUMERO_AUTO já cadastrado são atualizadas; as demais, adicionadas.
        </Text>
        <SheetPicker
          label="Planilha (.xlsx)"
          accept={XLSX_ACCEPT}
          file={file}
          onChange={(f) => {
            dropPreview();
            setFile(f);
          }}
          sent={preview.isPending && !reading ? progress : null}
          error={failure}
          errorTestId="fine-import-error"
        />
        {preview.isPending && reading ? <Reading reading={reading} /> : null}
        {commit.isPending ? <Writing job={job} /> : null}
        {p ? <Summary p={p} /> : null}
        {p ? <Refusals p={p} /> : null}
        <ImportActions
          closeLabel={commit.isPending ? 'Fechar' : 'Cancelar'}
          onClose={close}
          file={file}
          onRead={read}
          reading={preview.isPending}
          preview={p}
          confirmLabel="Confirmar importação"
          onConfirm={confirm}
          confirming={commit.isPending}
        />
      </Stack>
    </Dialog>
  );
}
