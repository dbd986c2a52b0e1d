import {
  branchLabelById,
  CONTRACT_TYPES,
  DISMISSAL_REASONS,
  DISMISSAL_TYPES,
  type DismissalBody,
  dismissalBody,
  EMPLOYEE_ROLES,
  formatDate,
  HR_TEXT_MAX,
  MSG,
  optionLabel,
  RETURNED_EQUIPMENT,
  WORK_TIMES,
} from '@intranet/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSend, IconUserMinus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { useOrgLists } from '../../../api/org.ts';
import { MaskedInput } from '../../../ui/form/MaskedInput.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { numberSelect, selectData } from '../components/options.ts';
import { useEmployeeLookup, useRequestDismissal } from '../hr.api.ts';

/** 0 is "not chosen": no list has it, so the schema refuses it with the spec message. */
const EMPTY: DismissalBody = {
  Registration: '',
  BreachContractId: 0,
  DismFailsId: [],
  EquipamentReturnId: [],
  textJustify: '',
};

/** /formDismissal: the employee by matrícula, the dismissal type, reasons and equipment (spec §3, §5). */
export function DismissalFormPage() {
  const navigate = useNavigate();
  const org = useOrgLists();
  const form = useContractForm(dismissalBody, { initialValues: EMPTY });
  const values = form.values;
  const [registration] = useDebouncedValue(values.Registration, 300);
  const lookup = useEmployeeLookup(registration);
  const employee = lookup.data;
  const send = useRequestDismissal();
  const blocked = employee?.hasRequestDismissal === true;

  const submit = form.onSubmit(
    (body) => {
      if (!employee) notifications.show({ color: 'red', message: MSG.dismissalRegistrationNotFound });
      else if (blocked) notifications.show({ color: 'red', message: MSG.dismissalAlreadyRequested });
      else send.mutate(body, { onSuccess: () => navigate('/requesterScreamRh') });
    },
    () => notifications.show({ color: 'red', message: MSG.fillAllFields }),
  );

  const checkboxes = (
    field: 'DismFailsId' | 'EquipamentReturnId',
    options: typeof DISMISSAL_REASONS,
    label: string,
  ) => (
    <Checkbox.Group
      label={label}
      {...form.getInputProps(field)}
      value={(values[field] ?? []).map(String)}
      onChange={(v) => form.setFieldValue(field, v.map(Number))}
      required
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing={6}>
        {options.map((o) => (
          <Checkbox key={o.id} value={String(o.id)} label={o.label} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );

  return (
    <Stack maw={760} mx="auto" py="md">
      <PageTitle title="Solicitação de Demissão" icon={<IconUserMinus size={28} />} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate aria-label="Solicitação de demissão">
          <Stack>
            <MaskedInput
              mask="employeeRegistration"
              label="Matrícula do funcionário"
              placeholder="000"
              {...form.getInputProps('Registration')}
              required
            />
            {lookup.isError ? (
              <Alert color="red">{errorMessage(lookup.error, MSG.dismissalRegistrationNotFound)}</Alert>
            ) : null}
            {employee ? (
              <Paper withBorder p="sm" radius="md" data-testid="dismissal-employee">
                <Text fw={600}>{employee.name}</Text>
                <Text size="sm" c="dimmed">
                  {optionLabel(EMPLOYEE_ROLES, employee.role)} ·{' '}
                  {branchLabelById(org.branches, employee.Branch)} · {optionLabel(WORK_TIMES, employee.time)}{' '}
                  · {optionLabel(CONTRACT_TYPES, employee.contractType)} · Admissão{' '}
                  {formatDate(employee.DateAdmission)}
                </Text>
                {blocked ? (
                  <Text c="red" size="sm" mt={4}>
                    {MSG.dismissalAlreadyRequested}
                  </Text>
                ) : null}
              </Paper>
            ) : null}
            <Select
              label="Tipo de desligamento"
              data={selectData(DISMISSAL_TYPES)}
              {...form.getInputProps('BreachContractId')}
              {...numberSelect(values.BreachContractId, (v) =>
                form.setFieldValue('BreachContractId', v ?? 0),
              )}
              required
            />
            {checkboxes('DismFailsId', DISMISSAL_REASONS, 'Motivos')}
            {checkboxes('EquipamentReturnId', RETURNED_EQUIPMENT, 'Devolução de equipamentos')}
            <Textarea
              label="Justificativa"
              autosize
              minRows={3}
              maxLength={HR_TEXT_MAX}
              {...form.getInputProps('textJustify')}
              required
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={send.isPending}
                disabled={blocked}
                leftSection={<IconSend size={18} aria-hidden />}
              >
                Enviar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
