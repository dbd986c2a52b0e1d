import {
  type EmployeeDetail,
  type EmployeeVacationBody,
  employeeVacationBody,
  employeeVacationEnd,
  formatDate,
  isDateOnly,
  MSG,
  toDateOnly,
  VACATION_DAYS_PER_PERIOD,
  vacationUpdateBody,
} from '@intranet/contracts';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { DateField } from '../../../ui/form/DateField.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useScheduleVacation, useUpdateVacation } from '../hr.api.ts';

const EMPTY: EmployeeVacationBody = { dateStart: '', dateEnd: '', requestedPeriod: 0 };

/** Vacation scheduling (spec §5): start today or later, end = start + days, days above 0. */
export function VacationPanel({ employee }: { employee: EmployeeDetail }) {
  const form = useContractForm(employeeVacationBody, { initialValues: EMPTY });
  const schedule = useScheduleVacation(employee.id);
  const { dateStart, requestedPeriod } = form.values;

  const recompute = (start: string, days: number) =>
    form.setValues({
      dateStart: start,
      requestedPeriod: days,
      dateEnd: isDateOnly(start) && days > 0 ? employeeVacationEnd(start, days) : '',
    });

  const submit = form.onSubmit(
    (body) => {
      if (body.dateStart < toDateOnly(new Date())) {
        notifications.show({ color: 'red', message: MSG.vacationStartDate });
        return;
      }
      schedule.mutate(body, { onSuccess: () => form.setValues(EMPTY) });
    },
    () => notifications.show({ color: 'red', message: MSG.vacationAllFields }),
  );

  return (
    <Stack gap="sm" data-testid="vacation-panel">
      <Title order={3} fz="md">
        Férias
      </Title>
      <SimpleGrid cols={3}>
        <Text size="sm">
          Últimas férias: <b>{formatDate(employee.lastDateVacation) || '—'}</b>
        </Text>
        <Text size="sm">
          Vencimento: <b>{formatDate(employee.saleVacation)}</b>
        </Text>
        <Text size="sm">
          Dias no período: <b>{employee.currentYearVacation}</b> de {VACATION_DAYS_PER_PERIOD}
        </Text>
      </SimpleGrid>
      {employee.DismissalId === null ? (
        <Paper withBorder p="sm" radius="md">
          <form onSubmit={submit} noValidate aria-label="Agendar férias">
            <SimpleGrid cols={{ base: 1, sm: 4 }} style={{ alignItems: 'end' }}>
              <DateField
                label="Início"
                minDate={toDateOnly(new Date())}
                {...form.getInputProps('dateStart')}
                onChange={(start) => recompute(start, requestedPeriod)}
              />
              <NumberInput
                label="Qtd. dias"
                min={1}
                max={VACATION_DAYS_PER_PERIOD}
                allowDecimal={false}
                {...form.getInputProps('requestedPeriod')}
                onChange={(n) => recompute(dateStart, Number(n) || 0)}
              />
              <DateField label="Fim" readOnly {...form.getInputProps('dateEnd')} />
              <Button type="submit" loading={schedule.isPending}>
                Agendar
              </Button>
            </SimpleGrid>
          </form>
        </Paper>
      ) : null}
      {employee.vacations.length > 0 ? (
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Início</Table.Th>
                <Table.Th>Fim</Table.Th>
                <Table.Th>Dias</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {employee.vacations.map((v) => (
                <Table.Tr key={v.Id}>
                  <Table.Td>{formatDate(v.DateStart)}</Table.Td>
                  <Table.Td>{formatDate(v.DateEnd)}</Table.Td>
                  <Table.Td>
                    <VacationDays id={v.Id} start={v.DateStart} current={v.RequestedPeriod} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

/** The days of a scheduled vacation, changed after a confirmation (spec §5: the end follows). */
function VacationDays({ id, start, current }: { id: number; start: string; current: number }) {
  const update = useUpdateVacation();
  const form = useContractForm(vacationUpdateBody, {
    initialValues: { days: current, DateEnd: employeeVacationEnd(start, current) },
  });
  const submit = form.onSubmit((body) => {
    if (body.days === current) return;
    modals.openConfirmModal({
      title: 'Férias',
      children: <Text size="sm">{MSG.vacationDaysChanged}</Text>,
      labels: { confirm: 'Confirmar', cancel: 'Cancelar' },
      onConfirm: () => update.mutate({ id, ...body }),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <NumberInput
          aria-label="Dias de férias"
          w={70}
          hideControls
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('days')}
          onChange={(n) => {
            const days = typeof n === 'number' ? n : Number(n) || 0;
            form.setValues({ days, DateEnd: days > 0 ? employeeVacationEnd(start, days) : '' });
          }}
        />
        <Button type="submit" size="xs" variant="light">
          Salvar
        </Button>
      </Group>
    </form>
  );
}
