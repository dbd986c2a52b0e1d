import {
  type CalendarVacation,
  formatDate,
  LIMITS,
  vacationChangeBody,
  vacationEnd,
} from '@intranet/contracts';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '../../../api/client.ts';
import { DateField } from '../../../ui/form/DateField.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useChangeVacation } from '../calendar.api.ts';

interface VacationEditFormProps {
  vacation: CalendarVacation;
  onCancel: () => void;
  onSaved: () => void;
}

/**
 * Editar of a saved vacation (issue 32): a new start and days for the same employee, end = start +
 * (days − 1) as when scheduling; the server's refusal (an overlap, his own) shows in the form.
 */
export function VacationEditForm({ vacation, onCancel, onSaved }: VacationEditFormProps) {
  const form = useContractForm(vacationChangeBody, {
    initialValues: { dateStart: vacation.dateStart, vacationDays: vacation.vacationDays },
  });
  const change = useChangeVacation();
  const { dateStart, vacationDays } = form.values;
  const end = vacationEnd(dateStart, vacationDays);

  return (
    <form
      aria-label="Alterar férias"
      noValidate
      onSubmit={form.onSubmit((body) => change.mutate({ id: vacation.id, body }, { onSuccess: onSaved }))}
    >
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {vacation.employeeName} · Matrícula {vacation.userRegistration}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <DateField label="Início" {...form.getInputProps('dateStart')} />
          <NumberInput
            label="Qtd. Dias"
            min={1}
            max={LIMITS.vacationMaxDays}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('vacationDays')}
          />
          <TextInput label="Fim" value={formatDate(end)} readOnly />
        </SimpleGrid>
        {change.error ? (
          <Alert color="red" title="Não foi possível alterar as férias">
            {errorMessage(change.error, 'Erro na requisição')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Voltar
          </Button>
          <Button type="submit" loading={change.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
