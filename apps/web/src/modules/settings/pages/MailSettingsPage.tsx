import { canManageCompanySettings, type MailSettingsReply, mailSettingsBody } from '@intranet/contracts';
import { Alert, Button, Code, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useUser } from '../../../platform/session.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { LoadState } from '../../../ui/LoadState.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { useMailSettings, useSendTestMail, useSetMailSettings } from '../settings.api.ts';

/** E-mail (issue 34, decision 0115): the IT address, the sender and a test message. */
export function MailSettingsPage() {
  const user = useUser();
  const settings = useMailSettings();
  return (
    <RequireAccess allowed={canManageCompanySettings(user)}>
      <PageTitle
        title="E-mail"
        icon={<IconSend size={28} />}
        description="O e-mail da TI mostrado nas telas e o remetente de todos os e-mails da intranet."
      />
      <LoadState
        isPending={settings.isPending}
        error={settings.error}
        isEmpty={false}
        skeletons={[260]}
        errorText="Não foi possível carregar as configurações de e-mail."
        emptyText=""
      >
        {settings.data ? <MailCard key={JSON.stringify(settings.data)} settings={settings.data} /> : null}
      </LoadState>
    </RequireAccess>
  );
}

function MailCard({ settings }: { settings: MailSettingsReply }) {
  const save = useSetMailSettings();
  const test = useSendTestMail();
  const form = useContractForm(mailSettingsBody, {
    initialValues: { itEmail: settings.itEmail, mailFrom: settings.mailFrom },
  });
  const answer = test.data;
  return (
    <Paper withBorder radius="md" p="md" maw={640}>
      <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate>
        <Stack gap="sm">
          <TextInput label="E-mail da TI" maxLength={200} {...form.getInputProps('itEmail')} />
          <TextInput
            label="Remetente (De:)"
            description="Um e-mail, ou Nome <e-mail>"
            maxLength={200}
            {...form.getInputProps('mailFrom')}
          />
          <Text size="sm" c="dimmed">
            {settings.delivery === 'smtp'
              ? 'Os e-mails saem pelo servidor SMTP configurado (SMTP_URL).'
              : 'Sem servidor SMTP configurado (SMTP_URL): os e-mails são gravados na caixa de saída do servidor.'}
          </Text>
          <Group justify="space-between" wrap="wrap">
            <Button variant="default" loading={test.isPending} onClick={() => test.mutate()}>
              Enviar e-mail de teste
            </Button>
            <Button type="submit" loading={save.isPending}>
              Salvar
            </Button>
          </Group>
          {answer ? (
            <Alert color={answer.ok ? 'teal' : 'red'} role="status" data-testid="mail-test-answer">
              <Text size="sm">{answer.message}</Text>
              <Text size="sm" mt={4}>
                Resposta do servidor: <Code>{answer.response}</Code>
              </Text>
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
