import {
  branchLabelById,
  CONTRACT_TYPES,
  DISMISSAL_REASONS,
  DISMISSAL_TYPES,
  EMPLOYEE_ROLES,
  formatDate,
  formatDateTime,
  HIRING_REASONS,
  HR_ATTACHMENT,
  HR_REQUEST_TYPE_LABEL,
  HR_STATUS,
  type HrRequestDetail,
  type HrView,
  hasHrAttachmentExtension,
  hrStageInfo,
  MSG,
  optionLabel,
  REPLACEMENT_JUSTIFICATIONS,
  RETURNED_EQUIPMENT,
  WORK_TIMES,
} from '@intranet/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useOrgLists } from '../../../api/org.ts';
import { PanelDrawer } from '../../../ui/Dialog.tsx';
import { RecordLinkAnchor } from '../../../ui/RecordLinkAnchor.tsx';
import { attachmentHref, useAttach, useHrRequest, useSetStage } from '../hr.api.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

const labels = (ids: number[], options: typeof DISMISSAL_REASONS) =>
  ids.map((id) => optionLabel(options, id)).join(', ');

function Facts({ r }: { r: HrRequestDetail }) {
  const org = useOrgLists();
  const common = (
    <>
      <Field label="Solicitante">
        {r.requesterName} ({r.requesterMat})
      </Field>
      <Field label="Setor">{r.requesterSetor}</Field>
      <Field label="Data">{formatDateTime(r.Date)}</Field>
      <Field label="Filial">{branchLabelById(org.branches, r.branchEmployee)}</Field>
    </>
  );
  if (r.typeRequest === 'dismissal') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {common}
        <Field label="Funcionário">
          {r.employeeLink ? (
            <RecordLinkAnchor link={r.employeeLink} />
          ) : (
            `${r.employeeName} (${r.registrationEmployee})`
          )}
        </Field>
        <Field label="Admissão">{formatDate(r.dateAdmissionEmployee)}</Field>
        <Field label="Tipo">{optionLabel(DISMISSAL_TYPES, r.BreachContractId)}</Field>
        <Field label="Cargo">{optionLabel(EMPLOYEE_ROLES, r.roleId)}</Field>
        <Field label="Motivos">{labels(r.DismFailsId, DISMISSAL_REASONS)}</Field>
        <Field label="Equipamentos">{labels(r.EquipamentReturnId, RETURNED_EQUIPMENT)}</Field>
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {common}
      <Field label="Cargo">{optionLabel(EMPLOYEE_ROLES, r.roleId)}</Field>
      <Field label="Horário">{optionLabel(WORK_TIMES, r.work_time)}</Field>
      <Field label="Contrato">{optionLabel(CONTRACT_TYPES, r.ContractTypeId)}</Field>
      <Field label="Motivo">{optionLabel(HIRING_REASONS, r.ReasonId)}</Field>
      {r.BreachContractId ? (
        <Field label="Justificativa da reposição">
          {optionLabel(REPLACEMENT_JUSTIFICATIONS, r.BreachContractId)}
        </Field>
      ) : null}
      {r.substituteName ? <Field label="Substitui">{r.substituteName}</Field> : null}
      {r.employeeLink ? (
        <Field label="Funcionário cadastrado">
          <RecordLinkAnchor link={r.employeeLink} />
        </Field>
      ) : null}
    </SimpleGrid>
  );
}

/**
 * The detail panel of a request: facts, stage timeline, stage buttons and attachments (spec §4), as
 * the list it was opened from shows it (`view` mine: the requester's, without buttons).
 */
export function HrRequestPanel({
  requestId,
  view,
  onClose,
}: {
  requestId: number | null;
  view: HrView;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  const detail = useHrRequest(requestId, view);
  const setStage = useSetStage();
  const attach = useAttach(requestId ?? 0);
  const r = detail.data;

  const fire = (to: number, label: string) => {
    if (!r) return;
    const move = () =>
      setStage.mutate({
        requestId: r.Id,
        stage: to,
        stageName: hrStageInfo(to).label,
        typeRequest: r.typeRequest,
      });
    if (to !== HR_STATUS.negado) return move();
    modals.openConfirmModal({
      title: label,
      children: <Text size="sm">A solicitação nº {r.Id} será negada.</Text>,
      labels: { confirm: label, cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: move,
    });
  };

  const upload = (files: File[]) => {
    if (files.length === 0) return;
    if (!files.every((f) => hasHrAttachmentExtension(f.name))) {
      notifications.show({ color: 'red', message: MSG.hrAttachmentTypes });
      return;
    }
    modals.openConfirmModal({
      title: 'Anexos',
      children: <Text size="sm">{MSG.hrAttachmentConfirm}</Text>,
      labels: { confirm: 'Enviar', cancel: 'Cancelar' },
      onConfirm: () => attach.mutate(files),
    });
  };

  return (
    <PanelDrawer
      opened={requestId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={r ? `${HR_REQUEST_TYPE_LABEL[r.typeRequest]} nº ${r.Id}` : 'Solicitação'}
    >
      {!r ? (
        <Loader />
      ) : (
        <Stack data-testid="hr-request-panel">
          <Group>
            <Badge size="lg" variant="light">
              {r.progress}
            </Badge>
            <Text size="sm" c="dimmed" data-testid="hr-current-stage">
              {hrStageInfo(r.status).label}
            </Text>
          </Group>
          <Facts r={r} />
          <Paper withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed">
              Justificativa
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {r.textJustify}
            </Text>
          </Paper>
          <Title order={3} fz="md">
            Etapas
          </Title>
          <Timeline bulletSize={16} lineWidth={2} active={r.timeline.filter((s) => s.done).length - 1}>
            {r.timeline.map((s) => (
              <Timeline.Item
                key={s.status}
                title={s.label}
                color={s.denied ? 'red' : undefined}
                data-testid="hr-stage"
              >
                <Text size="xs" c="dimmed">
                  {s.date ? formatDateTime(s.date) : 'Pendente'}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {r.notes.map((note) => (
            <Alert key={note} variant="light" color="blue" data-testid="hr-decider-note">
              {note}
            </Alert>
          ))}
          {r.abilities.transitions.length > 0 ? (
            <Group>
              {r.abilities.transitions.map((t) => (
                <Button
                  key={t.to}
                  color={t.to === HR_STATUS.negado ? 'red' : undefined}
                  variant={t.to === HR_STATUS.negado ? 'light' : 'filled'}
                  loading={setStage.isPending}
                  onClick={() => fire(t.to, t.label)}
                >
                  {t.label}
                </Button>
              ))}
            </Group>
          ) : null}
          {r.abilities.insertEmployee ? (
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() => navigate(`/forminsertemployee?request=${r.Id}`)}
            >
              Inserir Funcionário
            </Button>
          ) : null}
          {r.abilities.attachments ? (
            <Stack gap="xs">
              <Title order={3} fz="md">
                Anexos
              </Title>
              {r.attachments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nenhum anexo.
                </Text>
              ) : (
                r.attachments.map((a) => (
                  <Anchor key={a.id} href={attachmentHref(a.path)} target="_blank" rel="noopener" size="sm">
                    {a.name}
                  </Anchor>
                ))
              )}
              <FileButton
                onChange={upload}
                multiple
                accept={HR_ATTACHMENT.extensions.map((e) => `.${e}`).join(',')}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    loading={attach.isPending}
                    leftSection={<IconPaperclip size={16} />}
                  >
                    Anexar arquivos
                  </Button>
                )}
              </FileButton>
            </Stack>
          ) : null}
        </Stack>
      )}
    </PanelDrawer>
  );
}
