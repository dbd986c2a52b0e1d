import {
  DEPARTMENTS,
  departmentLabel,
  type InsertCallBody,
  insertCallBody,
  LIMITS,
  MSG,
  offeredBranches,
  PROBLEM_TYPES,
  TICKET_ATTACHMENT,
  ticketsCalls,
  toDepartment,
} from '@intranet/contracts';
import { Button, Group, Paper, Radio, Select, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeadset, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useOrgLists } from '../../../api/org.ts';
import { AttachmentInput } from '../../../ui/AttachmentInput.tsx';
import { charCount } from '../../../ui/form/char-count.ts';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { SentDialog } from '../../../ui/SentDialog.tsx';
import { useOpenCall } from '../tickets.api.ts';

const EMPTY: InsertCallBody = { dep: '', problem: '', filial: '', descript: '' };

/** /abrirchamado: department, problem type, unit, description and attachments (spec §2, §5, §8). */
export function OpenCallPage() {
  const org = useOrgLists();
  const form = useContractForm(insertCallBody, { initialValues: EMPTY });
  const [files, setFiles] = useState<File[]>([]);
  const [sentId, setSentId] = useState<number | null>(null);
  const openCall = useOpenCall();
  const { values } = form;

  const submit = form.onSubmit(
    (fields) =>
      openCall.mutate(
        { fields, files },
        {
          onSuccess: (res) => {
            setSentId(res.id);
            form.reset();
            setFiles([]);
          },
        },
      ),
    () => notifications.show({ color: 'red', message: MSG.fillAllFields }),
  );

  const dep = toDepartment(values.dep);
  const problems = dep ? PROBLEM_TYPES[dep] : [];

  return (
    <Stack maw={720} mx="auto" py="md">
      <PageTitle
        title="Abrir Chamado"
        description="Descreva o problema e a equipe técnica do departamento escolhido vai atender você."
        icon={<IconHeadset size={28} />}
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate aria-label="Abrir chamado">
          <Stack gap="md">
            <Select
              label="Departamento"
              placeholder="Selecione o departamento"
              data={DEPARTMENTS.map((d) => ({ value: d, label: departmentLabel(d, org.sectors) }))}
              {...form.getInputProps('dep')}
              value={values.dep || null}
              onChange={(next) => {
                // The problem type follows the department and starts at its first option (spec §4).
                const chosen = next ? toDepartment(next) : undefined;
                form.setValues({ dep: next ?? '', problem: chosen ? (PROBLEM_TYPES[chosen][0] ?? '') : '' });
              }}
              allowDeselect={false}
              required
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Tipo de problema"
              placeholder={values.dep ? 'Selecione o tipo de problema' : 'Escolha primeiro o departamento'}
              data={[...problems]}
              {...form.getInputProps('problem')}
              value={values.problem || null}
              onChange={(problem) => form.setFieldValue('problem', problem ?? '')}
              disabled={!values.dep}
              allowDeselect={false}
              required
            />
            <Radio.Group label="Unidade" {...form.getInputProps('filial')} required>
              <Group mt={6} gap="xl">
                {offeredBranches(org).map((b) => (
                  <Radio key={b.value} value={b.value} label={b.label} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              label="Descrição"
              placeholder="Conte o que está acontecendo, onde e desde quando"
              autosize
              minRows={4}
              maxRows={12}
              maxLength={LIMITS.textMax}
              {...form.getInputProps('descript')}
              description={charCount(values.descript, LIMITS.textMax)}
              required
            />
            <AttachmentInput
              label="Anexos (opcional)"
              description={`Imagens ou PDF, até ${TICKET_ATTACHMENT.maxFiles} arquivos de 10MB`}
              placeholder="Selecionar arquivos"
              rule={ticketsCalls.openCall.multipart.files}
              value={files}
              onChange={setFiles}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                size="md"
                loading={openCall.isPending}
                leftSection={<IconSend size={18} aria-hidden />}
              >
                Enviar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <SentDialog
        sentId={sentId}
        onClose={() => setSentId(null)}
        listLabel="Ver meus chamados"
        listPath={(id) => `/Calls?typeRequest=chamado&ticket=${id}`}
      >
        {MSG.ticketSent} Número do chamado: <strong>#{sentId}</strong>.
      </SentDialog>
    </Stack>
  );
}
