import {
  branchLabelOf,
  CALL_STATUS,
  type CallDetail,
  callStatusLabel,
  departmentLabel,
  findCallTransition,
  formatDateTime,
  MSG,
} from '@intranet/contracts';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconFile, IconPackage } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { useOrgLists } from '../../../api/org.ts';
import { Dialog, PanelDrawer } from '../../../ui/Dialog.tsx';
import { LinkedText } from '../../../ui/LinkedText.tsx';
import { RecordLinkAnchor } from '../../../ui/RecordLinkAnchor.tsx';
import { useCallDetail, useSetCallStatus } from '../tickets.api.ts';
import { AnswerForm } from './AnswerForm.tsx';
import { CallStatusBadge } from './CallStatusBadge.tsx';
import { MaterialsForm } from './MaterialsForm.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

function Attachments({ files }: { files: CallDetail['attachments'] }) {
  if (files.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap">
      {files.map((f) => (
        <Anchor key={f.id} href={`/api/${f.filepath}`} target="_blank" rel="noopener" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconFile size={14} aria-hidden />
            {f.name}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}

interface CallPanelProps {
  callId: number | null;
  onClose: () => void;
  /** manage: Chamados Abertos, with the status actions; consult: My calls. */
  mode: 'manage' | 'consult';
  /** Above another dialog (a purchase's detail opens its materials call's messages). */
  zIndex?: number;
}

/** The ticket panel: requester, call details, actions, materials, answers and history. */
export function CallPanel({ callId, onClose, mode, zIndex }: CallPanelProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { data: call, isPending, isError, error } = useCallDetail(callId);
  const { branches, sectors } = useOrgLists();
  const setStatus = useSetCallStatus();
  const [materialsOpen, setMaterialsOpen] = useState(false);

  const fire = (to: number) => {
    if (!call) return;
    const t = findCallTransition(call.status, to);
    if (!t) return;
    modals.openConfirmModal({
      title: MSG.ticketStatusConfirm,
      children: (
        <Text size="sm">
          {t.label}: o chamado #{call.id} passará de “{callStatusLabel(call.status)}” para “
          {callStatusLabel(to)}”.
        </Text>
      ),
      labels: { confirm: t.label, cancel: 'Cancelar' },
      onConfirm: () => setStatus.mutate({ id: call.id, status: to }),
    });
  };

  return (
    <PanelDrawer
      opened={callId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      zIndex={zIndex}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      title={
        call ? (
          <Group gap="sm">
            <Title order={2} size="h3">
              Chamado #{call.id}
            </Title>
            <CallStatusBadge status={call.status} />
          </Group>
        ) : (
          'Chamado'
        )
      }
    >
      {isPending ? (
        <Center p="xl">
          <Loader role="status" aria-label="Carregando" />
        </Center>
      ) : isError ? (
        <Alert color="red">{errorMessage(error, 'Não foi possível carregar o chamado.')}</Alert>
      ) : (
        <Stack gap="md" data-testid="call-panel">
          {mode === 'manage' && (call.abilities.transitions.length > 0 || call.abilities.insertMaterials) ? (
            <Group gap="xs" wrap="wrap">
              {call.abilities.transitions.map((to) => (
                <Button
                  key={to}
                  onClick={() => fire(to)}
                  loading={setStatus.isPending}
                  variant={to === CALL_STATUS.finalizado ? 'filled' : 'light'}
                >
                  {findCallTransition(call.status, to)?.label}
                </Button>
              ))}
              {call.abilities.insertMaterials ? (
                <Button
                  variant="light"
                  color="orange"
                  leftSection={<IconPackage size={16} aria-hidden />}
                  onClick={() => setMaterialsOpen(true)}
                >
                  Inserir Materiais
                </Button>
              ) : null}
            </Group>
          ) : null}

          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="sm">
              Dados do solicitante
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Field label="Nome">{call.nome_usuario}</Field>
              <Field label="Matrícula">{call.matricula_usuario}</Field>
              <Field label="Setor">{call.setor_usuario}</Field>
              <Field label="Unidade">{branchLabelOf(branches, call.filial)}</Field>
            </SimpleGrid>
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="sm">
              Detalhes do chamado
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Field label="Departamento">{departmentLabel(call.dep, sectors)}</Field>
              <Field label="Problema">{call.problema}</Field>
              <Field label="Data e hora">{formatDateTime(call.data)}</Field>
              <Field label="Atendente">
                {call.nome_suporte
                  ? `${call.nome_suporte} (${call.matricula_suporte})`
                  : 'Aguardando atendimento'}
              </Field>
              {call.purchaseLink ? (
                <Field label="Solicitação de compra">
                  <RecordLinkAnchor link={call.purchaseLink} />
                </Field>
              ) : null}
            </SimpleGrid>
            <Divider my="sm" />
            <Field label="Descrição">
              <span style={{ whiteSpace: 'pre-wrap' }}>
                <LinkedText text={call.descricao} />
              </span>
            </Field>
            <Attachments files={call.attachments} />
          </Paper>

          {call.materials.length > 0 ? (
            <Paper withBorder radius="md" p="md">
              <Title order={3} size="h5" mb="sm">
                Lista de materiais
              </Title>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>Medida</Table.Th>
                    <Table.Th>Quantidade</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {call.materials.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td>{m.item_name}</Table.Td>
                      <Table.Td>{m.measure}</Table.Td>
                      <Table.Td>{m.qnt.toLocaleString('pt-BR')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          ) : null}

          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="sm">
              Respostas
            </Title>
            <Stack gap="sm" data-testid="call-answers">
              {call.answers_call_receive.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nenhuma resposta ainda.
                </Text>
              ) : (
                call.answers_call_receive.map((a) => (
                  <Paper key={a.id} bg="gray.0" p="sm" radius="md">
                    <Group justify="space-between" gap="xs">
                      <Text size="sm" fw={700}>
                        {a.userName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(a.date)}
                      </Text>
                    </Group>
                    <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                      <LinkedText text={a.msg} />
                    </Text>
                    <Attachments files={a.attachments} />
                  </Paper>
                ))
              )}
              {call.abilities.answer ? <AnswerForm callId={call.id} /> : null}
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="sm">
              Histórico
            </Title>
            <Timeline bulletSize={14} lineWidth={2} active={call.history.length - 1}>
              {call.history.map((h) => (
                <Timeline.Item key={h.id} title={h.summary}>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(h.date)}
                    {h.userName ? ` · ${h.userName}` : ''}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Paper>

          <Dialog
            opened={materialsOpen}
            onClose={() => setMaterialsOpen(false)}
            title="Inserir Materiais"
            size="lg"
          >
            <MaterialsForm callId={call.id} onDone={() => setMaterialsOpen(false)} />
          </Dialog>
        </Stack>
      )}
    </PanelDrawer>
  );
}
