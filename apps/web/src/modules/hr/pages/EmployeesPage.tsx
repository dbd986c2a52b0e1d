import {
  canManageEmployees,
  canSeeMedicalLeave,
  EMPLOYEE_COLUMNS,
  type EmployeeDetail,
  type EmployeeRow,
  isDateOnly,
  LIMITS,
  toDateOnly,
} from '@intranet/contracts';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconFileSpreadsheet,
  IconHelp,
  IconList,
  IconSearch,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { useUser } from '../../../platform/session.tsx';
import { PanelDrawer } from '../../../ui/Dialog.tsx';
import { DateField } from '../../../ui/form/DateField.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RecordLinkAnchor } from '../../../ui/RecordLinkAnchor.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { withCells } from '../../../ui/table-columns.ts';
import { useDetailParam } from '../../../ui/useDetailParam.ts';
import { VirtualTable } from '../../../ui/VirtualTable.tsx';
import { EmployeeFacts } from '../components/EmployeeFacts.tsx';
import { EmployeeForm } from '../components/EmployeeForm.tsx';
import { EmployeesImport } from '../components/EmployeesImport.tsx';
import { MedicalLeavePanel } from '../components/MedicalLeavePanel.tsx';
import { VacationPanel } from '../components/VacationPanel.tsx';
import { reportHref, useEmployee, useEmployeeTable, useUpdateEmployee } from '../hr.api.ts';

/** A dismissed employee in red, with '(D)' after the name (spec §3). */
const COLUMNS = withCells<EmployeeRow>(EMPLOYEE_COLUMNS, {
  name: (r) => (
    <Text size="sm" c={r.DismissalId ? 'red' : undefined} data-dismissed={r.DismissalId ? 'true' : undefined}>
      {r.DismissalId ? `${r.name} (D)` : r.name}
    </Text>
  ),
});

function EmployeeList() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // In the address, so a link from another record (a hiring, decision 0121) opens one employee.
  const [openId, setOpenId] = useDetailParam('funcionario');
  const table = useEmployeeTable(debounced);
  return (
    <Stack>
      <TextInput
        placeholder="Procurar por nome ou matrícula"
        leftSection={<IconSearch size={16} />}
        value={search}
        maxLength={LIMITS.employeeNameMax}
        onChange={(e) => setSearch(e.currentTarget.value)}
        aria-label="Procurar funcionário"
      />
      {table.query.isError ? (
        <Alert color="red">{errorMessage(table.query.error, 'Erro ao carregar.')}</Alert>
      ) : null}
      <VirtualTable
        {...table.tableProps}
        label="Funcionários"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        onRowClick={(r) => setOpenId(r.id)}
        emptyText="Nenhum funcionário encontrado."
      />
      <EmployeeDrawer id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

function EmployeeDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const employee = useEmployee(id);
  const [editing, setEditing] = useState(false);
  const e = employee.data;
  return (
    <PanelDrawer
      opened={id !== null}
      onClose={() => {
        setEditing(false);
        onClose();
      }}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={e ? `${e.name}${e.DismissalId ? ' (D)' : ''}` : 'Funcionário'}
    >
      {!e ? (
        <Loader />
      ) : editing ? (
        <EditEmployee e={e} onDone={() => setEditing(false)} />
      ) : (
        <Details e={e} onEdit={() => setEditing(true)} />
      )}
    </PanelDrawer>
  );
}

function Details({ e, onEdit }: { e: EmployeeDetail; onEdit: () => void }) {
  const user = useUser();
  return (
    <Stack data-testid="employee-details">
      <Group justify="flex-end">
        <Button variant="light" onClick={onEdit}>
          Atualizar
        </Button>
      </Group>
      <EmployeeFacts e={e} />
      {e.hiringLink ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Cadastrado a partir da
          </Text>
          <RecordLinkAnchor link={e.hiringLink} />
        </Group>
      ) : null}
      <VacationPanel employee={e} />
      {canSeeMedicalLeave(user) && <MedicalLeavePanel employee={e} />}
    </Stack>
  );
}

function EditEmployee({ e, onDone }: { e: EmployeeDetail; onDone: () => void }) {
  const update = useUpdateEmployee();
  return (
    <EmployeeForm
      initialValues={{
        name: e.name,
        birthDate: e.birthDate,
        Registration: e.Registration,
        DateAdmission: e.DateAdmission,
        branch: e.branch,
        email: e.email ?? '',
        cpf: e.cpf,
        rg: e.rg,
        pis: e.pis,
        tell: e.tell,
        foodVoucher: e.foodVoucher === 1 ? 1 : 0,
        healthInsurance: e.healthInsurance === 1 ? 1 : 0,
        transportTypeId: e.transportTypeId,
        WageId: e.WageId,
        workTimeId: e.workTimeId,
        contractTypeId: e.contractTypeId,
        role: e.role,
        sector: e.sector,
      }}
      saved={{ sector: e.sector, branch: e.branch }}
      submitLabel="Salvar"
      pending={update.isPending}
      onSubmit={(body) => update.mutate({ ...body, id: e.id }, { onSuccess: onDone })}
    />
  );
}

function Reports() {
  const user = useUser();
  const today = toDateOnly(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const valid = isDateOnly(from) && isDateOnly(to) && from <= to;
  return (
    <Stack>
      <Title order={2} fz="lg">
        Relatórios
      </Title>
      <Anchor href={reportHref.employees()} download="funcionarios.xlsx">
        Funcionários (planilha)
      </Anchor>
      <Group>
        <DateField label="De" value={from} onChange={setFrom} />
        <DateField label="Até" value={to} onChange={setTo} />
      </Group>
      {valid ? (
        <Group>
          <Anchor href={reportHref.vacations(from, to)} download="ferias.xlsx">
            Férias no período
          </Anchor>
          {canSeeMedicalLeave(user) && (
            <Anchor href={reportHref.leaves(from, to)} download="atestados.xlsx">
              Atestados no período
            </Anchor>
          )}
        </Group>
      ) : (
        <Text c="red" size="sm">
          Período inválido.
        </Text>
      )}
    </Stack>
  );
}

function Help() {
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        Ajuda
      </Title>
      <Text size="sm">
        Funcionários: procure pelo nome ou pela matrícula; clique numa linha para ver os dados, as férias e os
        atestados.
      </Text>
      <Text size="sm">Funcionários desligados aparecem em vermelho com (D) depois do nome.</Text>
      <Text size="sm">
        Incluir: matrícula de 3 dígitos; CPF, RG, PIS e telefone podem ser digitados com ou sem pontuação.
      </Text>
      <Text size="sm">
        Férias: o início é hoje ou depois; o fim é o início mais a quantidade de dias; cada período tem 30
        dias.
      </Text>
      <Text size="sm">
        Atestados médicos são dados de saúde (LGPD): só o atendimento do RH (suporte de Recursos Humanos) e os
        administradores os veem, e cada consulta fica registrada.
      </Text>
    </Stack>
  );
}

const VIEWS = [
  { id: 'list', label: 'Funcionários', icon: IconList },
  { id: 'include', label: 'Incluir funcionário', icon: IconUserPlus },
  { id: 'reports', label: 'Relatórios', icon: IconFileSpreadsheet },
  { id: 'help', label: 'Ajuda', icon: IconHelp },
] as const;

/** /setEmployees: the employee module with its side menu (spec §2 HR). */
export function EmployeesPage() {
  const user = useUser();
  const [params] = useSearchParams();
  const view = VIEWS.find((v) => v.id === params.get('view'))?.id ?? 'list';
  return (
    <RequireAccess allowed={canManageEmployees(user)}>
      <Stack py="md">
        <PageTitle
          title="Gerenciar Funcionários"
          icon={<IconUsersGroup size={28} />}
          actions={<EmployeesImport />}
        />
        <Grid>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder radius="md" p={4} component="nav" aria-label="Menu de funcionários">
              {VIEWS.map((v) =>
                v.id === 'include' ? (
                  <NavLink
                    key={v.id}
                    component={Link}
                    to="/forminsertemployee"
                    label={v.label}
                    leftSection={<v.icon size={18} />}
                  />
                ) : (
                  <NavLink
                    key={v.id}
                    component={Link}
                    to={`/setEmployees?view=${v.id}`}
                    label={v.label}
                    active={view === v.id}
                    leftSection={<v.icon size={18} />}
                  />
                ),
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {view === 'reports' ? <Reports /> : view === 'help' ? <Help /> : <EmployeeList />}
          </Grid.Col>
        </Grid>
      </Stack>
    </RequireAccess>
  );
}
