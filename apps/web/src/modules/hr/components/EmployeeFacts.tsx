import {
  branchLabelById,
  CONTRACT_TYPES,
  EMPLOYEE_ROLES,
  type EmployeeDetail,
  formatDate,
  optionLabel,
  TRANSPORT_TYPES,
  WAGE_TYPES,
  WORK_TIMES,
} from '@intranet/contracts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOrgLists } from '../../../api/org.ts';
import { withMask } from '../../../ui/form/masks.ts';

const yesNo = (v: number) => (v === 1 ? 'Sim' : 'Não');

/**
 * The employee's record, read-only (issue 32): every field HR sees, with the labels of the form
 * it is edited in (EmployeeForm), so nobody opens Atualizar just to read it.
 */
export function EmployeeFacts({ e }: { e: EmployeeDetail }) {
  const dismissed = e.statusEmployee !== 1 || e.DismissalId !== null;
  const org = useOrgLists();
  return (
    <>
      <Section title="Dados pessoais">
        <Fact label="Nome" value={e.name} />
        <Fact label="Data de nascimento" value={formatDate(e.birthDate)} />
        <Fact label="CPF" value={withMask('cpf', e.cpf)} />
        <Fact label="RG" value={withMask('rg', e.rg)} />
        <Fact label="PIS" value={withMask('pis', e.pis)} />
        <Fact label="Telefone" value={withMask('phone', e.tell)} />
        <Fact label="E-mail" value={e.email} />
      </Section>
      <Section title="Contrato">
        <Fact label="Matrícula" value={e.Registration} />
        <Fact
          label="Situação"
          value={
            dismissed ? `Desligado${e.dateDismissal ? ` em ${formatDate(e.dateDismissal)}` : ''}` : 'Ativo'
          }
        />
        <Fact label="Data de admissão" value={formatDate(e.DateAdmission)} />
        <Fact label="Setor" value={e.sector} />
        <Fact label="Cargo" value={optionLabel(EMPLOYEE_ROLES, e.role)} />
        <Fact label="Unidade" value={branchLabelById(org.branches, e.branch)} />
        <Fact label="Horário" value={optionLabel(WORK_TIMES, e.workTimeId)} />
        <Fact label="Contrato" value={optionLabel(CONTRACT_TYPES, e.contractTypeId)} />
        <Fact label="Salário" value={optionLabel(WAGE_TYPES, e.WageId)} />
        <Fact label="Transporte" value={optionLabel(TRANSPORT_TYPES, e.transportTypeId)} />
        <Fact label="Vale-refeição" value={yesNo(e.foodVoucher)} />
        <Fact label="Plano de saúde" value={yesNo(e.healthInsurance)} />
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="xs" c="brand.9">
        {title}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} m={0}>
        {children}
      </SimpleGrid>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }} data-fact={label}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </div>
  );
}
