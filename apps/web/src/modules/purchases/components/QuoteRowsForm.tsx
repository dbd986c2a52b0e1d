import { MSG, PURCHASE_FILE, QUOTE_CHANNELS, type Quote, type QuoteChannel } from '@intranet/contracts';
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
  TextInput,
} from '@mantine/core';
import { IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
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
/** A new row (spec §3: valor 0, canal Online). */
export const newQuoteRow = (): QuoteRow => ({
  key: nextKey++,
  fornecedor: '',
  prazo: '',
  valor: 0,
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

/** The spec §5 checks of Inserir Cotação, in its words; undefined when every row is complete. */
export function quoteRowsProblem(rows: QuoteRow[]): string | undefined {
  if (rows.some((r) => !r.fornecedor.trim() || !r.prazo || !r.valor || !r.contato.trim()))
    return MSG.quoteRowsRequired;
  const missing = rows.flatMap((r, i) => (r.canalType === 'Fisica' && !r.file && !r.hasFile ? [i + 1] : []));
  return missing.length > 0 ? `${MSG.quoteAttachmentRequired}${missing.join(', ')}` : undefined;
}

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
  const [problem, setProblem] = useState<string>();
  const set = (key: number, change: Partial<QuoteRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  return (
    <Stack gap="sm" aria-label={editing ? 'Editar cotação' : 'Inserir cotação'} role="form">
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      {rows.map((r, i) => (
        <Paper key={r.key} withBorder p="sm" radius="md" data-quote-row={i + 1}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <TextInput
              label="Fornecedor"
              value={r.fornecedor}
              maxLength={120}
              onChange={(e) => set(r.key, { fornecedor: e.currentTarget.value })}
            />
            <TextInput
              label="Prazo de entrega"
              type="date"
              value={r.prazo}
              onChange={(e) => set(r.key, { prazo: e.currentTarget.value })}
            />
            <MoneyInput label="Valor" value={r.valor} onChange={(valor) => set(r.key, { valor })} />
            <TextInput
              label="Contato"
              placeholder="Site, e-mail ou telefone"
              value={r.contato}
              maxLength={500}
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
      ))}
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
              const p = quoteRowsProblem(rows);
              setProblem(p);
              if (!p) onSubmit(rows);
            }}
          >
            {editing ? 'Salvar' : 'Enviar cotações'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
