import { type ApproverStageRow, approverStageBody } from '@intranet/contracts';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DateField } from '../../../ui/form/DateField.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useSetApproverStage } from '../settings.api.ts';
import { UserPicker } from './UserPicker.tsx';

/** One approval stage: who approves, his substitute and the substitute's days; saved together. */
export function ApproverStageCard({ stage }: { stage: ApproverStageRow }) {
  const save = useSetApproverStage();
  const form = useContractForm(approverStageBody, {
    initialValues: {
      approverId: stage.approver?.userId ?? null,
      substituteId: stage.substitute?.userId ?? null,
      from: stage.from ?? '',
      to: stage.to ?? '',
    },
  });
  const testId = `stage-${stage.role}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <form onSubmit={form.onSubmit((body) => save.mutate({ role: stage.role, body }))} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <div>
              <Title order={2} fz="lg">
                {stage.label}
              </Title>
              {stage.uses.map((u) => (
                <Text key={u} size="sm" c="dimmed">
                  {u}
                </Text>
              ))}
            </div>
            {stage.onDuty ? <Badge color="teal">Substituto em exercício</Badge> : null}
          </Group>
          {stage.warning ? (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
              {stage.warning}
            </Alert>
          ) : null}
          <UserPicker
            label="Aprovador"
            current={stage.approver}
            value={form.values.approverId ?? null}
            error={form.errors.approverId}
            onChange={(id) => form.setFieldValue('approverId', id)}
          />
          <UserPicker
            label="Substituto"
            current={stage.substitute}
            value={form.values.substituteId ?? null}
            error={form.errors.substituteId}
            onChange={(id) => form.setFieldValue('substituteId', id)}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField label="Substituto de" {...form.getInputProps('from')} />
            <DateField label="Substituto até" {...form.getInputProps('to')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Salvar {stage.label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
