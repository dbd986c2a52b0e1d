import { formatDateTime } from '@intranet/contracts';
import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconCopy, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreateFeed, useFeedStatus, useRevokeFeed } from '../calendar.api.ts';

/**
 * The personal iCalendar link (Outlook, phone calendars): its secret shows once, when made; a new
 * link or a revocation stops the old one at once.
 */
export function FeedCard() {
  const status = useFeedStatus();
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const [url, setUrl] = useState<string | null>(null);
  const active = status.data?.active ?? false;

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (made) => setUrl(new URL(made.path, window.location.origin).toString()),
    });
  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: 'Revogar o link do calendário',
      children: (
        <Text size="sm">Os aplicativos que usam o link deixarão de receber os eventos. Confirma?</Text>
      ),
      labels: { confirm: 'Revogar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(undefined, { onSuccess: () => setUrl(null) }),
    });

  return (
    <Card withBorder radius="md" padding="lg" mt="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Calendário no Outlook ou no celular
        </Title>
        <Text size="sm" c="dimmed">
          Um link secreto e pessoal com os eventos da empresa, os seus convites e as suas férias. Assine-o no
          Outlook ou no calendário do celular (adicionar calendário pela internet). Não o compartilhe.
        </Text>
        {url ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Seu link (copie agora: ele não será mostrado de novo)"
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? 'Copiado' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : active ? (
          <Text size="sm">Link ativo desde {formatDateTime(status.data?.createdAt)}.</Text>
        ) : null}
        <Group gap="xs">
          <Button
            leftSection={<IconLink size={16} />}
            onClick={make}
            loading={create.isPending}
            variant="light"
          >
            {active ? 'Gerar novo link' : 'Gerar link'}
          </Button>
          {active ? (
            <Button
              leftSection={<IconLinkOff size={16} />}
              color="red"
              variant="subtle"
              onClick={confirmRevoke}
              loading={revoke.isPending}
            >
              Revogar
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
