import {
  branchLabelOf,
  findPurchaseTransition,
  formatBRL,
  formatDate,
  formatDateTime,
  PRIORITY_LABEL,
  PURCHASE_STATUS,
  type PurchaseDetail,
  purchasesCalls,
  REQUEST_TYPE_LABEL,
} from '@intranet/contracts';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { useOrgLists } from '../../../api/org.ts';
import { AttachmentInput } from '../../../ui/AttachmentInput.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FileLinks } from '../../../ui/FileLinks.tsx';
import { purchaseFileUrl, useDropRequest, usePurchaseDetail, useTransition } from '../purchases.api.ts';
import { CommentsSection } from './CommentsSection.tsx';
import { MaterialsSection } from './MaterialsSection.tsx';
import { PickupEvidence } from './PickupEvidence.tsx';
import { PurchaseStatusBadge } from './PurchaseStatusBadge.tsx';
import { PurchaseTimeline } from './PurchaseTimeline.tsx';
import { QuotesSection } from './QuotesSection.tsx';
import { UserPickerModal } from './UserPickerModal.tsx';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title}>
      <Title order={3} fz="md" mb={6} c="brand.9">
        {title}
      </Title>
      <Stack gap={4}>{children}</Stack>
    </Paper>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value === null || value === undefined || value === '' ? '—' : value}
    </Text>
  );
}

/** The buttons of spec §4 the caller may press, from the server's abilities and the workflow table. */
function Actions({
  request,
  consult,
  onDropped,
}: {
  request: PurchaseDetail;
  consult: boolean;
  onDropped: () => void;
}) {
  const transition = useTransition(request.id);
  const drop = useDropRequest();
  const [picking, setPicking] = useState<'escolherComprador' | 'registrarRetirada' | null>(null);
  const [confirm, setConfirm] = useState<'cancel' | string | null>(null);
  const [decision, setDecision] = useState<string>('');
  const [evidence, setEvidence] = useState<File[]>([]);
  const fire = (action: string, extra: { buyer_id?: string; picker_id?: string; files?: File[] } = {}) =>
    transition.mutate({ action, from: request.status, ...extra });
  const keys = consult ? [] : request.abilities.transitions;
  const director: string[] = keys.filter((k) => k === 'aprovarDiretor' || k === 'negarDiretor');
  const others = keys.filter((k) => !director.includes(k));

  return (
    <Stack gap="xs">
      {request.abilities.ownRequestNote ? (
        <Alert color="blue" variant="light" data-testid="own-request-note">
          {request.abilities.ownRequestNote}
        </Alert>
      ) : null}
      <Group gap="xs">
        {request.abilities.cancel ? (
          <Button color="red" variant="light" onClick={() => setConfirm('cancel')}>
            Cancelar
          </Button>
        ) : null}
        {others.map((key) => {
          const t = findPurchaseTransition(key);
          if (!t) return null;
          const denies = t.to === PURCHASE_STATUS.negado;
          return (
            <Button
              key={key}
              color={denies ? 'red' : undefined}
              variant={denies ? 'light' : 'filled'}
              loading={transition.isPending && transition.variables?.action === key}
              onClick={() =>
                key === 'escolherComprador' || key === 'registrarRetirada'
                  ? setPicking(key)
                  : denies
                    ? setConfirm(key)
                    : fire(key)
              }
            >
              {t.label}
            </Button>
          );
        })}
      </Group>
      {director.length > 0 ? (
        <Group align="flex-end">
          <Radio.Group label="Decisão do diretor" value={decision} onChange={setDecision}>
            <Group mt={4}>
              <Radio value="aprovarDiretor" label="Aprovado" />
              <Radio value="negarDiretor" label="Negado" />
            </Group>
          </Radio.Group>
          <Button disabled={!decision} loading={transition.isPending} onClick={() => fire(decision)}>
            Concluir
          </Button>
        </Group>
      ) : null}
      <UserPickerModal
        opened={picking !== null}
        title={picking === 'registrarRetirada' ? 'Quem retirou' : 'Escolher comprador'}
        pickupOf={picking === 'registrarRetirada' ? request.id : undefined}
        onClose={() => setPicking(null)}
        onPick={(userId) => {
          if (picking === 'registrarRetirada') {
            fire(picking, { picker_id: String(userId), files: evidence });
            setEvidence([]);
          } else if (picking) fire(picking, { buyer_id: String(userId) });
          setPicking(null);
        }}
      >
        {picking === 'registrarRetirada' ? (
          <AttachmentInput
            label="Evidências da retirada"
            description="Fotos do recibo assinado ou do produto entregue (opcional)."
            placeholder="Imagens ou PDF"
            rule={purchasesCalls.transition.multipart.files}
            value={evidence}
            onChange={setEvidence}
          />
        ) : null}
      </UserPickerModal>
      <Dialog opened={confirm !== null} onClose={() => setConfirm(null)} title="Confirmação" centered>
        <Stack>
          <Text>
            {confirm === 'cancel'
              ? 'Deseja cancelar esta solicitação? Ela será excluída.'
              : 'Deseja negar esta solicitação?'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Fechar
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (confirm === 'cancel') drop.mutate(request.id, { onSuccess: onDropped });
                else if (confirm) fire(confirm);
                setConfirm(null);
              }}
            >
              Confirmar
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}

/** 'Ticket de Número N': the request's blocks, timeline, actions, quotes, comments and history. */
export function PurchaseDetailModal({
  id,
  consult,
  onClose,
}: {
  id: number | null;
  consult: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const detail = usePurchaseDetail(id);
  const { branches } = useOrgLists();
  const r = detail.data;
  return (
    <Dialog
      opened={id !== null}
      onClose={onClose}
      title={`Ticket de Número ${id ?? ''}`}
      size="80rem"
      fullScreen={phone}
    >
      {detail.isLoading ? <Loader /> : null}
      {detail.isError ? (
        <Alert color="red">{errorMessage(detail.error, 'Não foi possível abrir a solicitação.')}</Alert>
      ) : null}
      {r ? (
        <Stack gap="md">
          <Group justify="space-between">
            <PurchaseStatusBadge status={r.status} label={r.statusLabel} />
            <Actions request={r} consult={consult} onDropped={onClose} />
          </Group>
          <PurchaseTimeline stages={r.stages} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Block title="Detalhes da Solicitação">
              <Field label="Solicitante" value={`${r.nome} (${r.matricula})`} />
              <Field label="Setor" value={r.setores_usuario} />
              <Field label="Filial" value={branchLabelOf(branches, r.filial)} />
              <Field label="Data" value={formatDateTime(r.date)} />
              <Field label="Prioridade" value={PRIORITY_LABEL[r.priority]} />
              <Field label="Tipo" value={REQUEST_TYPE_LABEL[r.typerequest]} />
            </Block>
            <Block title="Fluxo do Atendimento">
              <Field label="Atendente" value={r.atendente_name} />
              <Field label="Cotador" value={r.quoter_name} />
              <Field label="Comprador" value={r.buyer_name} />
              <Field label="Retirado por" value={r.picker_name} />
              <PickupEvidence requestId={r.id} />
              <Field label="Aprovador" value={r.aprovall_name} />
            </Block>
            <Block title={r.typerequest === 'servico' ? 'Informação do Serviço' : 'Informação da Compra'}>
              <Field label={r.typerequest === 'servico' ? 'Serviço' : 'Produto'} value={r.descript} />
              <Field label="Quantidade" value={r.qnt} />
              <Field label="Valor estimado" value={formatBRL(r.estimaVal)} />
              <Field label="Valor da cotação escolhida" value={formatBRL(r.val)} />
              <Field label="Prazo" value={formatDate(r.prazo)} />
            </Block>
            <Block title="Justificativa">
              <Field label="Motivo" value={r.supplyType ? `${r.justify} (${r.supplyType})` : r.justify} />
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {r.justifyDescript}
              </Text>
            </Block>
            <Block title="Dados adicionais">
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {r.obs || '—'}
              </Text>
            </Block>
            <Block title="Referência">
              {r.link ? (
                <Anchor
                  href={r.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {r.link}
                </Anchor>
              ) : null}
              <FileLinks
                files={r.attachments.map((a) => ({
                  key: a.id,
                  name: a.name,
                  url: purchaseFileUrl(a.filepath),
                  mime: a.mime,
                }))}
              />
              {!r.link && r.attachments.length === 0 ? <Text size="sm">—</Text> : null}
            </Block>
          </SimpleGrid>
          <MaterialsSection request={r} />
          <Divider />
          <QuotesSection request={r} />
          <Divider />
          <CommentsSection request={r} canMention={!consult} />
          <Divider />
          <Title order={3} fz="lg">
            Histórico
          </Title>
          <Timeline bulletSize={14} lineWidth={2}>
            {r.history.map((h) => (
              <Timeline.Item key={h.id} title={h.summary}>
                <Text size="xs" c="dimmed">
                  {h.userName ?? '—'} · {formatDateTime(h.date)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      ) : null}
    </Dialog>
  );
}
