import {
  formatBRL,
  formatDate,
  inQuoteLabel,
  type PurchaseDetail,
  QUOTE_REASON_MAX,
  type Quote,
} from '@intranet/contracts';
import { Anchor, Badge, Button, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FileLinks } from '../../../ui/FileLinks.tsx';
import {
  purchaseFileUrl,
  useDropQuote,
  useInsertQuotes,
  useQuotes,
  useSelectQuote,
  useSetInQuote,
  useUpdateQuote,
} from '../purchases.api.ts';
import { newQuoteRow, QuoteRowsForm, quoteFieldsOf, quoteRowOf } from './QuoteRowsForm.tsx';

const isUrl = (text: string) => /^https?:\/\/\S+$/i.test(text);

/**
 * The quotes of a request side by side (value, deadline, channel) with the cheapest and fastest
 * marked; insert, edit and delete at the quote stage; selection (with its reason) at stage 3.
 */
export function QuotesSection({ request }: { request: PurchaseDetail }) {
  const id = request.id;
  const quotes = useQuotes(id);
  const insert = useInsertQuotes();
  const update = useUpdateQuote();
  const drop = useDropQuote();
  const select = useSelectQuote(id);
  const inQuote = useSetInQuote(id);
  const [inserting, setInserting] = useState(false);
  const [editing, setEditing] = useState<Quote | null>(null);
  const [choosing, setChoosing] = useState<Quote | null>(null);
  const [dropping, setDropping] = useState<Quote | null>(null);
  const [reason, setReason] = useState('');
  const { abilities } = request;
  const list = quotes.data ?? [];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} fz="lg">
          Cotações
        </Title>
        <Group gap="xs">
          {abilities.toggleInQuote ? (
            <Switch
              label={inQuoteLabel(request.inQuote)}
              checked={request.inQuote}
              onChange={(e) => inQuote.mutate(e.currentTarget.checked)}
            />
          ) : null}
          {abilities.editQuotes ? (
            <Button
              size="sm"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setInserting(true)}
            >
              Inserir cotação
            </Button>
          ) : null}
        </Group>
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhuma cotação.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Comparação de cotações">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fornecedor</Table.Th>
                <Table.Th>Valor</Table.Th>
                <Table.Th>Prazo de entrega</Table.Th>
                <Table.Th>Canal</Table.Th>
                <Table.Th>Contato</Table.Th>
                <Table.Th>Anexo</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((q) => (
                <Table.Tr key={q.id} data-quote={q.id} data-selected={q.selected || undefined}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {q.fornecedor}{' '}
                    {q.selected ? (
                      <Badge color="green" size="sm">
                        Selecionada
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {formatBRL(q.valor)}{' '}
                    {q.cheapest && list.length > 1 ? (
                      <Badge color="teal" variant="light" size="sm">
                        Menor valor
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {formatDate(q.prazo)}{' '}
                    {q.fastest && list.length > 1 ? (
                      <Badge color="blue" variant="light" size="sm">
                        Mais rápida
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{q.canalType === 'Fisica' ? 'Física' : 'Online'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {isUrl(q.contato) ? (
                      <Anchor href={q.contato} target="_blank" rel="noopener noreferrer">
                        {q.contato}
                      </Anchor>
                    ) : (
                      q.contato
                    )}
                  </Table.Td>
                  <Table.Td>
                    {q.file ? (
                      <FileLinks
                        size="xs"
                        files={[
                          {
                            key: q.file,
                            name: q.fileName ?? 'Abrir',
                            url: purchaseFileUrl(q.file),
                            mime: q.fileMime,
                          },
                        ]}
                      />
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {abilities.selectQuote && !q.selected ? (
                        <Button size="xs" onClick={() => setChoosing(q)}>
                          Selecionar Cotação
                        </Button>
                      ) : null}
                      {abilities.editQuotes ? (
                        <>
                          <Button size="xs" variant="light" onClick={() => setEditing(q)}>
                            Editar
                          </Button>
                          <Button size="xs" variant="subtle" color="red" onClick={() => setDropping(q)}>
                            Excluir
                          </Button>
                        </>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Dialog opened={inserting} onClose={() => setInserting(false)} title="Inserir Cotação" size="xl">
        {inserting ? (
          <QuoteRowsForm
            initial={[newQuoteRow()]}
            pending={insert.isPending}
            onCancel={() => setInserting(false)}
            onSubmit={(rows) =>
              insert.mutate(
                rows.map((r) => {
                  const { prazo, ...fields } = quoteFieldsOf(r);
                  return {
                    fields: { ticket: id, prazoEntrega: prazo, ...fields },
                    files: r.file ? [r.file] : [],
                  };
                }),
                { onSuccess: () => setInserting(false) },
              )
            }
          />
        ) : null}
      </Dialog>

      <Dialog opened={editing !== null} onClose={() => setEditing(null)} title="Editar cotação" size="xl">
        {editing ? (
          <QuoteRowsForm
            editing
            initial={[quoteRowOf(editing)]}
            pending={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={([r]) =>
              r &&
              update.mutate(
                {
                  fields: { quote_id: editing.id, req_id: id, ...quoteFieldsOf(r) },
                  files: r.file ? [r.file] : [],
                },
                { onSuccess: () => setEditing(null) },
              )
            }
          />
        ) : null}
      </Dialog>

      <Dialog opened={dropping !== null} onClose={() => setDropping(null)} title="Excluir cotação" centered>
        {dropping ? (
          <Stack>
            <Text>
              Deseja excluir a cotação de {dropping.fornecedor} ({formatBRL(dropping.valor)})?
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDropping(null)}>
                Fechar
              </Button>
              <Button
                color="red"
                loading={drop.isPending}
                onClick={() => drop.mutate(dropping.id, { onSuccess: () => setDropping(null) })}
              >
                Excluir
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Dialog>

      <Dialog
        opened={choosing !== null}
        onClose={() => setChoosing(null)}
        title="Selecionar Cotação"
        centered
      >
        {choosing ? (
          <Stack>
            <Text>
              {choosing.fornecedor}: {formatBRL(choosing.valor)}, entrega até {formatDate(choosing.prazo)}.
            </Text>
            <TextInput
              label="Motivo da escolha"
              maxLength={QUOTE_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setChoosing(null)}>
                Fechar
              </Button>
              <Button
                loading={select.isPending}
                onClick={() =>
                  select.mutate(
                    { cotac_id: choosing.id, reason: reason.trim() || undefined },
                    { onSuccess: () => setChoosing(null) },
                  )
                }
              >
                Selecionar
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Dialog>
    </Stack>
  );
}
