import {
  MAIL_PREFERENCES_MSG as M,
  MAIL_MODULE_LABEL,
  MAIL_MODULES,
  type MailPreferences,
  mailPreferences,
} from '@intranet/contracts';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { LoadState } from '../../../ui/LoadState.tsx';
import { useMailPreferences, useSaveMailPreferences } from '../profile.api.ts';

/**
 * Notificações por e-mail: the daily digest of Minhas pendências and, per module, whether its
 * e-mail at each event arrives (a box left unchecked is a muted module).
 */
export function MailPreferencesSection({ hasEmail }: { hasEmail: boolean }) {
  const saved = useMailPreferences();
  return (
    <Stack gap="md">
      {hasEmail ? null : (
        <Alert color="yellow" variant="light" radius="md" icon={<IconInfoCircle size={20} />}>
          {M.noEmail}
        </Alert>
      )}
      <LoadState
        isPending={saved.isPending}
        error={saved.error}
        isEmpty={false}
        skeletons={[36, 80]}
        errorText={M.loadError}
        emptyText=""
      >
        {saved.data ? <MailPreferencesForm saved={saved.data} /> : null}
      </LoadState>
    </Stack>
  );
}

function MailPreferencesForm({ saved }: { saved: MailPreferences }) {
  const save = useSaveMailPreferences();
  const form = useContractForm(mailPreferences, { initialValues: saved });
  const received = MAIL_MODULES.filter((m) => !form.values.muted.includes(m));
  const submit = form.onSubmit((body) => save.mutate(body, { onSuccess: () => form.resetDirty(body) }));

  return (
    <form onSubmit={submit} noValidate aria-label={M.title}>
      <Stack gap="lg">
        <Switch
          label={M.digestLabel}
          description={M.digestHint}
          checked={form.values.dailyDigest}
          onChange={(e) => form.setFieldValue('dailyDigest', e.currentTarget.checked)}
        />
        <Checkbox.Group
          label={M.modulesLabel}
          description={M.modulesHint}
          value={received}
          onChange={(v) =>
            form.setFieldValue(
              'muted',
              MAIL_MODULES.filter((m) => !v.includes(m)),
            )
          }
          error={form.errors.muted}
        >
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs" spacing="xs">
            {MAIL_MODULES.map((m) => (
              <Checkbox key={m} value={m} label={MAIL_MODULE_LABEL[m]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Text size="sm" c="dimmed">
          {M.securityNote}
        </Text>
        <Group justify="flex-end">
          <Button
            type="submit"
            color="brand.9"
            loading={save.isPending}
            disabled={!form.isDirty()}
            w={{ base: '100%', xs: 'auto' }}
          >
            {M.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
