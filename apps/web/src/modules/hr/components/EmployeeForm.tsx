import {
  CONTRACT_TYPES,
  EMPLOYEE_DEFAULTS,
  EMPLOYEE_ROLES,
  type EmployeeFields,
  employeeFields,
  LIMITS,
  MSG,
  offeredBranchIds,
  offeredSectorNames,
  TRANSPORT_TYPES,
  WAGE_TYPES,
  WORK_TIMES,
} from '@intranet/contracts';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import { useOrgLists } from '../../../api/org.ts';
import { DateField } from '../../../ui/form/DateField.tsx';
import { MaskedInput } from '../../../ui/form/MaskedInput.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { numberSelect, selectData } from './options.ts';

/** A new employee: the defaults of spec §9 (unit 1, role 9, transport 3, wage 1, work time 1, contract 1). */
export const NEW_EMPLOYEE: EmployeeFields = {
  ...EMPLOYEE_DEFAULTS,
  name: '',
  birthDate: '',
  Registration: '',
  DateAdmission: '',
  email: '',
  cpf: '',
  rg: '',
  pis: '',
  tell: '',
  sector: '',
};

/**
 * The employee form of /forminsertemployee and of an employee's update (spec §5 masks). Setor and
 * Unidade offer the database's active sectors and branches, plus the record's `saved` ones when
 * they were deactivated since (decision 0116).
 */
export function EmployeeForm({
  initialValues,
  saved,
  submitLabel,
  pending,
  onSubmit,
}: {
  initialValues: EmployeeFields;
  saved?: { sector: string; branch: number };
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: z.output<typeof employeeFields>) => void;
}) {
  const org = useOrgLists();
  const form = useContractForm(employeeFields, { initialValues });
  const v = form.values;
  const num = (field: 'branch' | 'role' | 'transportTypeId' | 'WageId' | 'workTimeId' | 'contractTypeId') =>
    numberSelect(v[field], (n) => form.setFieldValue(field, n ?? 0));
  const submit = form.onSubmit(onSubmit, () =>
    notifications.show({ color: 'red', message: MSG.employeeInvalidParams }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Dados do funcionário">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Nome"
            maxLength={LIMITS.employeeNameMax}
            {...form.getInputProps('name')}
            required
          />
          <MaskedInput
            mask="employeeRegistration"
            label="Matrícula"
            placeholder="000"
            {...form.getInputProps('Registration')}
            required
          />
          <DateField label="Data de nascimento" {...form.getInputProps('birthDate')} required />
          <DateField label="Data de admissão" {...form.getInputProps('DateAdmission')} required />
          <MaskedInput
            mask="cpf"
            label="CPF"
            placeholder="000.000.000-00"
            {...form.getInputProps('cpf')}
            required
          />
          <MaskedInput
            mask="rg"
            label="RG"
            placeholder="00.000.000-0"
            {...form.getInputProps('rg')}
            required
          />
          <MaskedInput
            mask="pis"
            label="PIS"
            placeholder="000.00000.00-0"
            {...form.getInputProps('pis')}
            required
          />
          <MaskedInput
            mask="phone"
            label="Telefone"
            placeholder="(00) 00000-0000"
            {...form.getInputProps('tell')}
            required
          />
          <TextInput
            type="email"
            label="E-mail"
            placeholder="nome@rotasul.com.br"
            {...form.getInputProps('email')}
            value={v.email ?? ''}
          />
          <Select
            label="Setor"
            data={offeredSectorNames(org, saved ? [saved.sector] : [])}
            searchable
            {...form.getInputProps('sector')}
            value={v.sector || null}
            onChange={(s) => form.setFieldValue('sector', s ?? '')}
            required
          />
          <Select
            label="Unidade"
            data={offeredBranchIds(org, saved?.branch)}
            {...form.getInputProps('branch')}
            {...num('branch')}
            required
          />
          <Select
            label="Cargo"
            searchable
            data={selectData(EMPLOYEE_ROLES)}
            {...form.getInputProps('role')}
            {...num('role')}
            required
          />
          <Select
            label="Horário"
            data={selectData(WORK_TIMES)}
            {...form.getInputProps('workTimeId')}
            {...num('workTimeId')}
            required
          />
          <Select
            label="Contrato"
            data={selectData(CONTRACT_TYPES)}
            {...form.getInputProps('contractTypeId')}
            {...num('contractTypeId')}
            required
          />
          <Select
            label="Transporte"
            data={selectData(TRANSPORT_TYPES)}
            {...form.getInputProps('transportTypeId')}
            {...num('transportTypeId')}
            required
          />
          <Select
            label="Salário"
            data={selectData(WAGE_TYPES)}
            {...form.getInputProps('WageId')}
            {...num('WageId')}
            required
          />
        </SimpleGrid>
        <Group>
          <Checkbox
            label="Vale-refeição"
            checked={v.foodVoucher === 1}
            onChange={(e) => form.setFieldValue('foodVoucher', e.currentTarget.checked ? 1 : 0)}
          />
          <Checkbox
            label="Plano de saúde"
            checked={v.healthInsurance === 1}
            onChange={(e) => form.setFieldValue('healthInsurance', e.currentTarget.checked ? 1 : 0)}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
