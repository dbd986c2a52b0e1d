import {
  PURCHASE_FILE,
  QUOTE_CHANNELS,
  type Quote,
  type QuoteChannel,
  type QuoteRowFields,
  quoteRowsProblems,
} from '@intranet/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { DateField } from '../../../ui/form/DateField.tsx';
import { MoneyInput } from '../../../ui/form/MoneyInput.tsx';

export interface QuoteRow {
  key: number;
  fornecedor: string;
  prazo: string;
  valor: number | '';
  contato: string;
  canalType: QuoteChannel;
  file: File | null;
  /** The quote being edited already has an attachment. */
  hasFile?: boolean;
}

let nextKey = 1;
/**
 * A new row (spec §3: valor 0, canal Online). The value starts empty, showing "R$ 0,00" as its
 * placeholder: a mask holding 0,00 refused the digits typed after it (issue 32).
 */
export const newQuoteRow = (): QuoteRow => ({
  key: nextKey++,
  fornecedor: '',
  prazo: '',
  valor: '',
  contato: '',
  canalType: 'Online',
  file: null,
});
export const quoteRowOf = (q: Quote): QuoteRow => ({
  key: nextKey++,
  fornecedor: q.fornecedor,
  prazo: q.prazo,
  valor: q.valor,
  contato: q.contato,
  canalType: q.canalType,
  file: null,
  hasFile: q.file !== null,
});

/** The fields a row sends (insertCotacao's prazoEntrega is its prazo): the value as decimal text. */
export const quoteFieldsOf = (r: QuoteRow): QuoteRowFields & { canalType: QuoteChannel } => ({
  fornecedor: r.fornecedor,
  prazo: r.prazo,
  valor: r.valor === '' ? '' : r.valor.toFixed(2),
  contato: r.contato,
  canalType: r.canalType,
});

/** The rows as the server will check them (contracts' quoteRowsProblems: its schema and rules). */
const checkRows = (rows: QuoteRow[]) =>
  quoteRowsProblems(rows.map((r) => ({ ...quoteFieldsOf(r), hasFile: !!r.file || !!r.hasFile })));

/** Inserir Cotação (rows) and the quote editor (one row): fornecedor, prazo, valor, contato, canal, anexo. */
export function QuoteRowsForm({
  initial,
  editing,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: QuoteRow[];
  editing?: boolean;
  pending: boolean;
  onSubmit: (rows: QuoteRow[]) => void;
  onCancel: () => void;
}) {
  const [rows, setRows] = useState(initial);
  // After the first try to send, each change is checked again: a field fixed loses its message.
  const [tries, setTries] = useState(0);
  const check = tries > 0 ? checkRows(rows) : undefined;
  const alert = useRef<HTMLDivElement>(null);
  const set = (key: number, change: Partial<QuoteRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  // The message sits above the rows: on a phone the button pressed is far below it.
  useEffect(() => {
    if (tries > 0) alert.current?.scrollIntoView({ block: 'start' });
  }, [tries]);

  return (
    <Stack gap="sm" aria-label={editing ? 'Editar cotação' : 'Inserir cotação'} role="form">
      {check && check.lines.length > 0 ? (
        // Scrolled to below the dialog's sticky title.
        <Alert color="red" role="alert" ref={alert} style={{ scrollMarginTop: 72 }}>
          {check.lines.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Alert>
      ) : null}
      {rows.map((r, i) => {
        const problem = check?.rows[i] ?? {};
        return (
          <Paper key={r.key} withBorder p="sm" radius="md" data-quote-row={i + 1}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <TextInput
                label="Fornecedor"
                value={r.fornecedor}
                maxLength={120}
                error={problem.fornecedor}
                onChange={(e) => set(r.key, { fornecedor: e.currentTarget.value })}
              />
              <DateField
                label="Prazo de entrega"
                value={r.prazo}
                error={problem.prazo}
                onChange={(prazo) => set(r.key, { prazo })}
              />
              <MoneyInput
                label="Valor"
                placeholder="R$ 0,00"
                value={r.valor}
                error={problem.valor}
                onChange={(valor) => set(r.key, { valor })}
              />
              <TextInput
                label="Contato"
                placeholder="Site, e-mail ou telefone"
                value={r.contato}
                maxLength={500}
                error={problem.contato}
                onChange={(e) => set(r.key, { contato: e.currentTarget.value })}
              />
              <Select
                label="Canal"
                data={[...QUOTE_CHANNELS]}
                value={r.canalType}
                allowDeselect={false}
                onChange={(v) => set(r.key, { canalType: (v as QuoteChannel | null) ?? 'Online' })}
              />
              <FileInput
                label="Anexo"
                placeholder={r.hasFile ? 'Manter o anexo atual' : 'Selecionar'}
                clearable
                accept={PURCHASE_FILE.mimes.join(',')}
                leftSection={<IconPaperclip size={16} aria-hidden />}
                value={r.file}
                error={problem.file}
                onChange={(file) => set(r.key, { file })}
              />
            </SimpleGrid>
            {editing ? null : (
              <Group justify="flex-end" mt={4}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remover linha ${i + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            )}
          </Paper>
        );
      })}
      <Group justify="space-between">
        {editing ? (
          <span />
        ) : (
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setRows((all) => [...all, newQuoteRow()])}
          >
            Adicionar linha
          </Button>
        )}
        <Group>
          <Button variant="default" onClick={onCancel}>
            Fechar
          </Button>
          <Button
            loading={pending}
            onClick={() => {
              setTries((n) => n + 1);
              if (checkRows(rows).lines.length === 0) onSubmit(rows);
            }}
          >
            {editing ? 'Salvar' : 'Enviar cotações'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
