import {
  canScheduleVacationOf,
  formatDate,
  LIMITS,
  type PersonRow,
  vacationBody,
  vacationEnd,
} from '@intranet/contracts';
import { Alert, Button, Fieldset, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { useUser } from '../../../platform/session.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useScheduleVacation } from '../calendar.api.ts';
import { PeopleTable } from './PeopleTable.tsx';

export const VACATION_FORM_ID = 'calendar-vacation-form';

interface VacationTabProps {
  day: string;
  onSaved: () => void;
}

/** Férias: the employee picker, the period from the clicked day and its end = start + (days − 1). */
export function VacationTab({ day, onSaved }: VacationTabProps) {
  const user = useUser();
  const form = useContractForm(vacationBody, {
    initialValues: { userId: 0, dateStart: day, vacationDays: '' },
  });
  const [picking, setPicking] = useState(false);
  const [employee, setEmployee] = useState<PersonRow | null>(null);
  const schedule = useScheduleVacation();
  const end = vacationEnd(day, form.values.vacationDays);

  const pick = (p: PersonRow) => {
    setEmployee(p);
    form.setValues({ userId: p.id, userName: p.name, userRegistration: p.matricula, userSector: p.setor });
    form.clearFieldError('userId');
    setPicking(false);
  };

  return (
    <form
      id={VACATION_FORM_ID}
      onSubmit={form.onSubmit((values) =>
        schedule.mutate(
          { ...values, dateEnd: vacationEnd(values.dateStart, values.vacationDays) },
          { onSuccess: onSaved },
        ),
      )}
      noValidate
    >
      <Stack gap="md">
        <div>
          <Button
            variant="light"
            leftSection={<IconUserSearch size={18} />}
            onClick={() => setPicking(true)}
            fullWidth
          >
            Escolha um funcionário
          </Button>
          {employee ? (
            <Text mt={6} size="sm" data-testid="picked-employee" style={{ overflowWrap: 'anywhere' }}>
              {employee.name} · Matrícula {employee.matricula}
              {employee.setor ? ` · ${employee.setor}` : ''}
            </Text>
          ) : null}
          {form.errors.userId ? (
            <Text mt={6} size="sm" c="red">
              {form.errors.userId}
            </Text>
          ) : null}
        </div>
        <Fieldset legend="Período de Férias">
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Início" value={formatDate(day)} readOnly miw={120} />
            <TextInput label="Fim" value={formatDate(end)} readOnly miw={120} />
            <NumberInput
              label="Qtd. Dias"
              min={1}
              max={LIMITS.vacationMaxDays}
              allowDecimal={false}
              allowNegative={false}
              miw={100}
              {...form.getInputProps('vacationDays')}
            />
          </Group>
          {form.errors.dateEnd ? (
            <Text mt={6} size="sm" c="red">
              {form.errors.dateEnd}
            </Text>
          ) : null}
        </Fieldset>
        {schedule.error ? (
          <Alert color="red" title="Não foi possível agendar as férias">
            {errorMessage(schedule.error, 'Erro na requisição')}
          </Alert>
        ) : null}
      </Stack>
      <Dialog
        opened={picking}
        onClose={() => setPicking(false)}
        title="Escolha um funcionário"
        size="lg"
        zIndex={300}
      >
        <PeopleTable
          kind="vacation"
          actionHeader="Escolher"
          action={(p) =>
            // The server leaves the caller out of the picker; nobody schedules his own vacation.
            canScheduleVacationOf(user, { userId: p.id, sector: p.setor }) ? (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => pick(p)}
                aria-label={`Escolher ${p.name}`}
              >
                Escolher
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {p.id === user.userId ? 'Você' : '—'}
              </Text>
            )
          }
        />
      </Dialog>
    </form>
  );
}
