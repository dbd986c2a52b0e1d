import {
  DEPARTMENT_LABEL,
  DEPARTMENTS,
  type Department,
  LIMITS,
  MSG,
  PROBLEM_TYPES,
  TICKET_ATTACHMENT,
  UNIT_LABEL,
  UNITS,
} from '@intranet/contracts';
import { Button, FileInput, Group, Modal, Paper, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconHeadset, IconPaperclip, IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { useOpenCall } from '../tickets.api.ts';

interface Values {
  dep: Department | '';
  problem: string;
  filial: string;
  descript: string;
}

const EMPTY: Values = { dep: '', problem: '', filial: '', descript: '' };

/** /abrirchamado: department, problem type, unit, description and attachments (spec §2, §5, §8). */
export function OpenCallPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [descriptError, setDescriptError] = useState<string | null>(null);
  const [sentId, setSentId] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const openCall = useOpenCall();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const empty = !values.descript.trim();
    setDescriptError(empty ? MSG.fieldRequired : null);
    if (!values.dep || !values.problem || !values.filial || empty) {
      notifications.show({ color: 'red', message: MSG.fillAllFields });
      return;
    }
    openCall.mutate(
      { ...values, dep: values.dep, files },
      {
        onSuccess: (res) => {
          setSentId(res.id);
          setSubmitted(false);
          setValues(EMPTY);
          setFiles([]);
        },
        onError: (err) =>
          notifications.show({
            color: 'red',
            title: MSG.ticketNotOpened,
            message: err instanceof ApiError && err.status > 0 ? err.message : MSG.ticketOpenFailed,
          }),
      },
    );
  };

  const problems = values.dep ? PROBLEM_TYPES[values.dep] : [];

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
              data={DEPARTMENTS.map((d) => ({ value: d, label: DEPARTMENT_LABEL[d] }))}
              value={values.dep || null}
              onChange={(dep) =>
                // The problem type follows the department and starts at its first option (spec §4).
                setValues((v) => ({
                  ...v,
                  dep: (dep as Department) ?? '',
                  problem: dep ? (PROBLEM_TYPES[dep as Department][0] ?? '') : '',
                }))
              }
              allowDeselect={false}
              required
              error={submitted && !values.dep}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Tipo de problema"
              placeholder={values.dep ? 'Selecione o tipo de problema' : 'Escolha primeiro o departamento'}
              data={[...problems]}
              value={values.problem || null}
              onChange={(problem) => setValues((v) => ({ ...v, problem: problem ?? '' }))}
              disabled={!values.dep}
              allowDeselect={false}
              required
              error={submitted && Boolean(values.dep) && !values.problem}
            />
            <Radio.Group
              label="Unidade"
              value={values.filial}
              onChange={(filial) => setValues((v) => ({ ...v, filial }))}
              required
              error={submitted && !values.filial ? 'Selecione a unidade.' : undefined}
            >
              <Group mt={6} gap="xl">
                {UNITS.map((u) => (
                  <Radio key={u} value={u} label={UNIT_LABEL[u]} />
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
              value={values.descript}
              onChange={(e) => {
                const descript = e.currentTarget.value;
                setValues((v) => ({ ...v, descript }));
                if (descript.trim()) setDescriptError(null);
              }}
              error={descriptError}
              required
            />
            <FileInput
              label="Anexos (opcional)"
              description={`Imagens ou PDF, até ${TICKET_ATTACHMENT.maxFiles} arquivos de 10MB`}
              placeholder="Selecionar arquivos"
              multiple
              clearable
              accept={TICKET_ATTACHMENT.mimes.join(',')}
              leftSection={<IconPaperclip size={16} aria-hidden />}
              value={files}
              onChange={(f) => setFiles(f.slice(0, TICKET_ATTACHMENT.maxFiles))}
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

      <Modal opened={sentId !== null} onClose={() => setSentId(null)} title="Sucesso!" centered>
        <Stack align="center" gap="md">
          <IconCircleCheck size={56} color="var(--mantine-color-green-6)" aria-hidden />
          <Text ta="center">
            {MSG.ticketSent} Número do chamado: <strong>#{sentId}</strong>.
          </Text>
          <Group>
            <Button variant="default" onClick={() => setSentId(null)}>
              Fechar
            </Button>
            <Button onClick={() => navigate(`/Calls?typeRequest=chamado&ticket=${sentId}`)}>
              Ver meus chamados
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
