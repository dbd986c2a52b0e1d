import { canManageEmployees, findSectorNamed, offeredRows } from '@intranet/contracts';
import { Loader, Paper, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useOrg } from '../../../api/org.ts';
import { useUser } from '../../../platform/session.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { EmployeeForm, NEW_EMPLOYEE } from '../components/EmployeeForm.tsx';
import { useCreateEmployee, useHrRequest } from '../hr.api.ts';

/**
 * /forminsertemployee: a new employee with the spec's defaults; from an approved hiring
 * (`?request=<id>`, 'Inserir Funcionário') prefilled with its role, branch, work time and contract.
 */
export function InsertEmployeePage() {
  const user = useUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requestId = Number(params.get('request')) || null;
  const hiring = useHrRequest(requestId, 'all');
  const create = useCreateEmployee();
  const org = useOrg();
  const r = hiring.data;
  // The requester's sector when it is an active one (decision 0116).
  const activeSectors = offeredRows(org.data?.sectors ?? []);
  const initial = r
    ? {
        ...NEW_EMPLOYEE,
        role: r.roleId ?? NEW_EMPLOYEE.role,
        branch: r.branchEmployee ?? NEW_EMPLOYEE.branch,
        workTimeId: r.work_time ?? NEW_EMPLOYEE.workTimeId,
        contractTypeId: r.ContractTypeId ?? NEW_EMPLOYEE.contractTypeId,
        sector: (r.requesterSetor && findSectorNamed(activeSectors, r.requesterSetor)?.name) || '',
      }
    : NEW_EMPLOYEE;

  return (
    <RequireAccess allowed={canManageEmployees(user)}>
      <Stack maw={860} mx="auto" py="md">
        <PageTitle title="Inserir Funcionário" icon={<IconUserPlus size={28} />} />
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {requestId && (!r || !org.data) ? (
            <Loader />
          ) : (
            <EmployeeForm
              key={r?.Id ?? 'new'}
              initialValues={initial}
              submitLabel="Cadastrar"
              pending={create.isPending}
              onSubmit={(body) =>
                // From a hiring, the server ties the new employee to it (decision 0121).
                create.mutate(
                  { ...body, hireRequestId: r?.typeRequest === 'admission' ? r.Id : null },
                  { onSuccess: ({ id }) => navigate(`/setEmployees?funcionario=${id}`) },
                )
              }
            />
          )}
        </Paper>
      </Stack>
    </RequireAccess>
  );
}
