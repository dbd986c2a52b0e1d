import { answerBody, LIMITS, ticketsCalls } from '@intranet/contracts';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { AttachmentInput } from '../../../ui/AttachmentInput.tsx';
import { charCount } from '../../../ui/form/char-count.ts';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useAnswerCall } from '../tickets.api.ts';

/** The message panel's input: text up to 1000 characters and optional images/PDF. */
export function AnswerForm({ callId }: { callId: number }) {
  const form = useContractForm(answerBody, { initialValues: { msg: '' } });
  const [files, setFiles] = useState<File[]>([]);
  const send = useAnswerCall(callId);

  const submit = form.onSubmit(({ msg }) =>
    send.mutate(
      { msg, files },
      {
        onSuccess: () => {
          form.reset();
          setFiles([]);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Responder chamado">
      <Stack gap="xs">
        <Textarea
          label="Mensagem"
          placeholder="Escreva sua resposta"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={LIMITS.answerTextMax}
          {...form.getInputProps('msg')}
          description={charCount(form.values.msg, LIMITS.answerTextMax)}
        />
        <Group align="flex-end" gap="xs" wrap="wrap">
          <AttachmentInput
            style={{ flex: 1, minWidth: 200 }}
            rule={ticketsCalls.answer.multipart.files}
            label="Anexos da resposta"
            placeholder="Anexar imagens ou PDF"
            value={files}
            onChange={setFiles}
          />
          <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            Enviar resposta
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
