import {
  type EmployeeDetail,
  formatDate,
  type MedicalLeaveBody,
  MSG,
  medicalLeaveBody,
  offeredBranchIds,
  WORK_TIMES,
} from '@intranet/contracts';
import { Button, Paper, Select, SimpleGrid, Stack, Table, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useOrgLists } from '../../../api/org.ts';
import { DateField } from '../../../ui/form/DateField.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useCreateMedicalLeave, useMedicalLeave } from '../hr.api.ts';
import { numberSelect, selectData } from './options.ts';

/** Medical leave of an employee: health data, shown to the HR team only (each read is audited). */
export function MedicalLeavePanel({ employee }: { employee: EmployeeDetail }) {
  const leaves = useMedicalLeave(employee.id, true);
  const create = useCreateMedicalLeave();
  const org = useOrgLists();
  const empty: MedicalLeaveBody = {
    EmployeeId: employee.id,
    hubUnit: employee.branch,
    shift: employee.workTimeId,
    start_date: '',
    end_date: '',
    cid_code: '',
    medical_unit: '',
    doctor_name: '',
    doctor_crm: '',
    note: '',
  };
  const form = useContractForm(medicalLeaveBody, { initialValues: empty });
  const submit = form.onSubmit(
    (body) => create.mutate(body, { onSuccess: () => form.setValues(empty) }),
    () => notifications.show({ color: 'red', message: MSG.employeeInvalidParams }),
  );

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Atestados médicos
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Início</Table.Th>
              <Table.Th>Fim</Table.Th>
              <Table.Th>Dias</Table.Th>
              <Table.Th>CID</Table.Th>
              <Table.Th>Médico</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(leaves.data ?? []).map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{formatDate(l.start_date)}</Table.Td>
                <Table.Td>{formatDate(l.end_date)}</Table.Td>
                <Table.Td>{l.total_days}</Table.Td>
                <Table.Td>{l.cid_code}</Table.Td>
                <Table.Td>
                  {l.doctor_name} (CRM {l.doctor_crm})
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Paper withBorder p="sm" radius="md">
        <form onSubmit={submit} noValidate aria-label="Registrar atestado">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Unidade"
              data={offeredBranchIds(org, employee.branch)}
              {...form.getInputProps('hubUnit')}
              {...numberSelect(form.values.hubUnit, (n) => form.setFieldValue('hubUnit', n ?? 0))}
            />
            <Select
              label="Turno"
              data={selectData(WORK_TIMES)}
              {...form.getInputProps('shift')}
              {...numberSelect(form.values.shift, (n) => form.setFieldValue('shift', n ?? 0))}
            />
            <DateField label="Início" {...form.getInputProps('start_date')} required />
            <DateField label="Fim" {...form.getInputProps('end_date')} required />
            <TextInput label="CID" {...form.getInputProps('cid_code')} required />
            <TextInput label="Unidade médica" {...form.getInputProps('medical_unit')} required />
            <TextInput label="Médico" {...form.getInputProps('doctor_name')} required />
            <TextInput label="CRM" placeholder="123456/SP" {...form.getInputProps('doctor_crm')} required />
            <TextInput label="Observação" {...form.getInputProps('note')} />
          </SimpleGrid>
          <Button type="submit" mt="sm" loading={create.isPending}>
            Registrar atestado
          </Button>
        </form>
      </Paper>
    </Stack>
  );
}
