import {
  PURCHASE_FILE,
  QUOTE_CHANNELS,
  QUOTE_TEXT_MAX,
  type Quote,
  type QuoteFormRow,
  quoteRowsForm,
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
import type { z } from 'zod';
import { DateField } from '../../../ui/form/DateField.tsx';
import { MoneyInput } from '../../../ui/form/MoneyInput.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';

/** The quote form's schema (contracts): its rows hold the browser's File. */
const quoteForm = quoteRowsForm<File>();

/** A row as typed; its key (dropped by the schema) keeps React's rows apart when one is removed. */
export type QuoteRow = QuoteFormRow<File> & { key: number };
/** A row as sent: its fields as the server reads them (valor in reais), and its file. */
export type QuoteToSend = z.output<typeof quoteForm>[number];

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
  keptFile: q.file !== null,
});

/** The fields a row sends (insertCotacao's prazoEntrega is its prazo): the value as decimal text. */
export const quoteFieldsOf = ({ file, ...fields }: QuoteToSend) => ({
  ...fields,
  valor: fields.valor.toFixed(2),
});

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
  onSubmit: (rows: QuoteToSend[]) => void;
  onCancel: () => void;
}) {
  // Checked when sent; after the first try, at each change: a field fixed loses its message.
  const tried = useRef(false);
  const recheck = useRef(() => {});
  const form = useContractForm(quoteForm, {
    initialValues: { rows: initial },
    validateInputOnBlur: false,
    onValuesChange: () => {
      if (tried.current) recheck.current();
    },
  });
  recheck.current = form.validate;
  const [tries, setTries] = useState(0);
  const alert = useRef<HTMLDivElement>(null);
  const rows = form.values.rows as QuoteRow[];
  const formMessage = form.errors[''];
  const send = form.onSubmit(onSubmit);
  // The message sits above the rows: on a phone the button pressed is far below it.
  useEffect(() => {
    if (tries > 0) alert.current?.scrollIntoView({ block: 'start' });
  }, [tries]);

  return (
    <Stack gap="sm" aria-label={editing ? 'Editar cotação' : 'Inserir cotação'} role="form">
      {formMessage ? (
        // Scrolled to below the dialog's sticky title.
        <Alert color="red" role="alert" ref={alert} style={{ scrollMarginTop: 72 }}>
          {String(formMessage)
            .split('\n')
            .map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
        </Alert>
      ) : null}
      {rows.map((r, i) => {
        const field = (name: keyof QuoteRow) => form.getInputProps(`rows.${i}.${name}`);
        return (
          <Paper key={r.key} withBorder p="sm" radius="md" data-quote-row={i + 1}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <TextInput label="Fornecedor" maxLength={QUOTE_TEXT_MAX.fornecedor} {...field('fornecedor')} />
              <DateField label="Prazo de entrega" {...field('prazo')} />
              <MoneyInput label="Valor" placeholder="R$ 0,00" {...field('valor')} />
              <TextInput
                label="Contato"
                placeholder="Site, e-mail ou telefone"
                maxLength={QUOTE_TEXT_MAX.contato}
                {...field('contato')}
              />
              <Select
                label="Canal"
                data={[...QUOTE_CHANNELS]}
                allowDeselect={false}
                {...field('canalType')}
              />
              <FileInput
                label="Anexo"
                placeholder={r.keptFile ? 'Manter o anexo atual' : 'Selecionar'}
                clearable
                accept={PURCHASE_FILE.mimes.join(',')}
                leftSection={<IconPaperclip size={16} aria-hidden />}
                {...field('file')}
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
                  onClick={() => form.removeListItem('rows', i)}
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
            onClick={() => form.insertListItem('rows', newQuoteRow())}
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
              tried.current = true;
              setTries((n) => n + 1);
              send();
            }}
          >
            {editing ? 'Salvar' : 'Enviar cotações'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
