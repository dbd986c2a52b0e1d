import { DEMO } from '../harness.ts';
import { fileForm } from '../xlsx-buffer.ts';
import type { AuthzEntry, AuthzModule } from './index.ts';

/** A sheet with the employees import's header only: the allowed caller reads it (400, nothing written). */
const EMPLOYEES_SHEET = () =>
  fileForm(
    Buffer.from(
      'Matrícula;Nome;Data de nascimento;Data de admissão;CPF;RG;PIS;Telefone;Setor;Unidade;Cargo;Horário;Contrato;Transporte;Salário\r\n',
    ),
    'funcionarios.csv',
    'text/csv',
  );
const NO_IMPORT = '00000000-0000-4000-8000-000000000000';

// Demo HR (seed/demo-hr.ts): request 1 hiring by 1006 at stage 0; request 2 hiring by 1002 at
// stage 1; request 7 dismissal by 1006 at Jurídico. Employees 101–108 (ids 1–8).
const HIRING = {
  role: 9,
  branch: 1,
  work_time: 1,
  contractType: 1,
  reasonHiring: 3,
  textJustify: 'Vaga nova.',
};
const DISMISSAL = {
  Registration: '105',
  BreachContractId: 3,
  DismFailsId: [6],
  EquipamentReturnId: [1],
  textJustify: 'Fim do contrato.',
};
const EMPLOYEE = {
  name: 'Ivo Matos',
  birthDate: '1991-02-03',
  Registration: '150',
  DateAdmission: '2025-01-10',
  branch: 1,
  email: '',
  cpf: '123.456.789-09',
  rg: '11.222.333-4',
  pis: '120.54783.65-1',
  tell: '(11) 91234-5678',
  foodVoucher: 1,
  healthInsurance: 1,
  transportTypeId: 3,
  WageId: 1,
  workTimeId: 1,
  contractTypeId: 1,
  role: 9,
  sector: 'Operação',
};
const LEAVE = {
  EmployeeId: 1,
  hubUnit: 1,
  shift: 1,
  start_date: '2026-03-02',
  end_date: '2026-03-03',
  cid_code: 'J11',
  medical_unit: 'UBS Centro',
  doctor_name: 'Dr. José',
  doctor_crm: '123456',
};
const farFuture = '2099-01-10';
const VACATION = { dateStart: farFuture, dateEnd: '2099-01-15', requestedPeriod: 5 };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const attachment = (requestId: number) => () => {
  const form = new FormData();
  form.append('request_id', String(requestId));
  form.append('files', new Blob([PNG], { type: 'image/png' }), 'doc.png');
  return form;
};
const PERIOD = '?from=2026-01-01&to=2026-12-31';
/** Marcos (1009, user id 9 in the demo) as the director's substitute, no period. */
const SUBSTITUTE = { substituteId: 9, from: null, to: null };

const hr: AuthzModule = {
  module: 'hr',
  entries: [
    { method: 'POST', url: '/api/hire_request', as: null, payload: HIRING, expect: 401 },
    { method: 'POST', url: '/api/hire_request', as: DEMO.suporteTi, payload: HIRING, expect: 403 },
    { method: 'POST', url: '/api/hire_request', as: DEMO.diretor, payload: HIRING, expect: 200 },

    { method: 'POST', url: '/api/dismissalRequest', as: null, payload: DISMISSAL, expect: 401 },
    { method: 'POST', url: '/api/dismissalRequest', as: DEMO.suporteTi, payload: DISMISSAL, expect: 403 },
    {
      method: 'POST',
      url: '/api/dismissalRequest',
      as: DEMO.gestorCompras,
      payload: DISMISSAL,
      expect: 404,
      proves: 'refused',
      note: '105 is of Faturamento: a Gestor of Compras may not dismiss him (as unknown)',
    },
    {
      method: 'POST',
      url: '/api/dismissalRequest',
      as: DEMO.presidente,
      payload: DISMISSAL,
      expect: 200,
      note: 'a Gestor of Faturamento, 105 is of Faturamento',
    },

    { method: 'GET', url: '/api/hire_request?id=1', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/hire_request?id=1',
      as: DEMO.suporteTi,
      expect: 404,
      proves: 'refused',
      note: 'not his request, not HR: he may not see it',
    },
    { method: 'GET', url: '/api/hire_request?id=1', as: DEMO.diretor, expect: 200 },

    { method: 'GET', url: '/api/dismissalRequest?id=7', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/dismissalRequest?id=7',
      as: DEMO.gestorCompras,
      expect: 404,
      proves: 'refused',
      note: 'request 7 is 1006’s and he is no approver: he may not see it',
    },
    { method: 'GET', url: '/api/dismissalRequest?id=7', as: DEMO.analistaRh, expect: 200 },

    { method: 'GET', url: '/api/movement?id=1', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/movement?id=1',
      as: DEMO.suporteTi,
      expect: 404,
      proves: 'refused',
      note: 'request 1 is not his and he is not HR (hr.requests.test.ts reads a movement he may not see)',
    },
    {
      method: 'GET',
      url: '/api/movement?id=1',
      as: DEMO.analistaRh,
      expect: 404,
      proves: 'allowed',
      note: 'the demo has no movement (the tile is not yet available): request 1 is a hiring, so none; hr.requests.test.ts reads one',
    },

    {
      method: 'POST',
      url: '/api/rhstage_request',
      as: null,
      payload: { requestId: 1, stage: 1 },
      expect: 401,
    },
    {
      method: 'POST',
      url: '/api/rhstage_request',
      as: DEMO.gestorCompras,
      payload: { requestId: 1, stage: 1 },
      expect: 404,
      proves: 'refused',
      note: 'not his request, not HR: he may not see it',
    },
    {
      method: 'POST',
      url: '/api/rhstage_request',
      as: DEMO.diretor,
      payload: { requestId: 1, stage: 1 },
      expect: 403,
      note: 'his own request: he sees it, but Aceitar is for HR',
    },
    {
      method: 'POST',
      url: '/api/rhstage_request',
      as: DEMO.analistaRh,
      payload: { requestId: 1, stage: 1 },
      expect: 200,
    },

    { method: 'POST', url: '/api/attachment', as: null, payload: attachment(2), expect: 401 },
    {
      method: 'POST',
      url: '/api/attachment',
      as: DEMO.gestorCompras,
      payload: attachment(2),
      expect: 403,
      note: 'the requester’s view has no attachments',
    },
    { method: 'POST', url: '/api/attachment', as: DEMO.analistaRh, payload: attachment(2), expect: 200 },

    { method: 'GET', url: '/api/hr-requests/2/attachments/1', as: null, expect: 401 },
    { method: 'GET', url: '/api/hr-requests/2/attachments/1', as: DEMO.gestorCompras, expect: 403 },
    { method: 'GET', url: '/api/hr-requests/2/attachments/1', as: DEMO.analistaRh, expect: 200 },
    { method: 'HEAD', url: '/api/hr-requests/2/attachments/1', as: null, expect: 401 },
    { method: 'HEAD', url: '/api/hr-requests/2/attachments/1', as: DEMO.gestorCompras, expect: 403 },
    { method: 'HEAD', url: '/api/hr-requests/2/attachments/1', as: DEMO.analistaRh, expect: 200 },

    { method: 'GET', url: '/api/hr-requests?scope=mine', as: null, expect: 401 },
    { method: 'GET', url: '/api/hr-requests?scope=all', as: DEMO.gestorCompras, expect: 403 },
    { method: 'GET', url: '/api/hr-requests?scope=all', as: DEMO.presidente, expect: 200 },

    { method: 'GET', url: '/api/hr-requests/export?scope=all', as: null, expect: 401 },
    { method: 'GET', url: '/api/hr-requests/export?scope=all', as: DEMO.suporteTi, expect: 403 },
    { method: 'GET', url: '/api/hr-requests/export?scope=all', as: DEMO.analistaRh, expect: 200 },
    { method: 'HEAD', url: '/api/hr-requests/export?scope=all', as: null, expect: 401 },
    { method: 'HEAD', url: '/api/hr-requests/export?scope=all', as: DEMO.suporteTi, expect: 403 },
    { method: 'HEAD', url: '/api/hr-requests/export?scope=mine', as: DEMO.suporteTi, expect: 200 },

    { method: 'GET', url: '/api/hr-requests/waiting', as: null, expect: 401 },
    { method: 'GET', url: '/api/hr-requests/waiting', as: DEMO.suporteTi, expect: 403 },
    { method: 'GET', url: '/api/hr-requests/waiting', as: DEMO.presidente, expect: 200 },

    { method: 'GET', url: '/api/hr-requests/1', as: null, expect: 401 },
    { method: 'GET', url: '/api/hr-requests/1', as: DEMO.suporteTi, expect: 404, proves: 'refused' },
    { method: 'GET', url: '/api/hr-requests/1', as: DEMO.diretor, expect: 200 },

    { method: 'GET', url: '/api/employee?Registration=101', as: null, expect: 401 },
    { method: 'GET', url: '/api/employee?Registration=101', as: DEMO.suporteTi, expect: 403 },
    {
      method: 'GET',
      url: '/api/employee?Registration=101',
      as: DEMO.gestorCompras,
      expect: 404,
      proves: 'refused',
      note: '101 is of Operação, not his sector',
    },
    { method: 'GET', url: '/api/employee?Registration=101', as: DEMO.diretor, expect: 200 },

    { method: 'GET', url: '/api/employees/pick?search=a', as: null, expect: 401 },
    { method: 'GET', url: '/api/employees/pick?search=a', as: DEMO.suporteTi, expect: 403 },
    { method: 'GET', url: '/api/employees/pick?search=a', as: DEMO.diretor, expect: 200 },

    { method: 'GET', url: '/api/employees', as: null, expect: 401 },
    { method: 'GET', url: '/api/employees', as: DEMO.diretor, expect: 403 },
    { method: 'GET', url: '/api/employees', as: DEMO.analistaRh, expect: 200 },

    { method: 'GET', url: '/api/employees/1', as: null, expect: 401 },
    { method: 'GET', url: '/api/employees/1', as: DEMO.presidente, expect: 403 },
    {
      method: 'GET',
      url: '/api/employees/1',
      as: DEMO.juridico,
      expect: 200,
      note: 'member of Recursos Humanos',
    },

    { method: 'POST', url: '/api/employee', as: null, payload: EMPLOYEE, expect: 401 },
    { method: 'POST', url: '/api/employee', as: DEMO.gestorCompras, payload: EMPLOYEE, expect: 403 },
    { method: 'POST', url: '/api/employee', as: DEMO.analistaRh, payload: EMPLOYEE, expect: 200 },

    { method: 'PUT', url: '/api/employee', as: null, payload: { ...EMPLOYEE, id: 1 }, expect: 401 },
    {
      method: 'PUT',
      url: '/api/employee',
      as: DEMO.suporteTi,
      payload: { ...EMPLOYEE, Registration: '101', cpf: '30155487272', id: 1 },
      expect: 403,
    },
    {
      method: 'PUT',
      url: '/api/employee',
      as: DEMO.admin,
      payload: { ...EMPLOYEE, Registration: '101', cpf: '30155487272', id: 1, name: 'Ana Paula Ferreira' },
      expect: 200,
    },

    { method: 'GET', url: '/api/employees/1/vacations', as: null, expect: 401 },
    { method: 'GET', url: '/api/employees/1/vacations', as: DEMO.diretor, expect: 403 },
    { method: 'GET', url: '/api/employees/1/vacations', as: DEMO.analistaRh, expect: 200 },

    { method: 'POST', url: '/api/employees/1/vacations', as: null, payload: VACATION, expect: 401 },
    { method: 'POST', url: '/api/employees/1/vacations', as: DEMO.diretor, payload: VACATION, expect: 403 },
    {
      method: 'POST',
      url: '/api/employees/1/vacations',
      as: DEMO.analistaRh,
      payload: VACATION,
      expect: 200,
    },

    {
      method: 'PUT',
      url: '/api/employee-vacations/1',
      as: null,
      payload: { days: 4, DateEnd: '2099-01-14' },
      expect: 401,
    },
    {
      method: 'PUT',
      url: '/api/employee-vacations/1',
      as: DEMO.diretor,
      payload: { days: 4, DateEnd: '2099-01-14' },
      expect: 403,
    },
    {
      method: 'PUT',
      url: '/api/employee-vacations/1',
      as: DEMO.analistaRh,
      payload: { days: 4, DateEnd: '2099-01-14' },
      expect: 200,
    },

    { method: 'GET', url: '/api/licenseEmployee?Id=1', as: null, expect: 401 },
    { method: 'GET', url: '/api/licenseEmployee?Id=1', as: DEMO.diretor, expect: 403, note: 'LGPD: HR only' },
    { method: 'GET', url: '/api/licenseEmployee?Id=1', as: DEMO.analistaRh, expect: 200 },

    {
      method: 'GET',
      url: '/api/licenseEmployee?Id=1',
      as: DEMO.juridico,
      expect: 403,
      note: 'LGPD: HR team, but no health data',
    },

    { method: 'GET', url: '/api/absences?EmployeeId=1', as: null, expect: 401 },
    { method: 'GET', url: '/api/absences?EmployeeId=1', as: DEMO.presidente, expect: 403 },
    { method: 'GET', url: '/api/absences?EmployeeId=1', as: DEMO.analistaRh, expect: 200 },
    {
      method: 'GET',
      url: '/api/absences?EmployeeId=1',
      as: DEMO.juridico,
      expect: 200,
      note: 'vacations only: medicalLeave is null to him',
    },

    { method: 'POST', url: '/api/licenseEmployee', as: null, payload: LEAVE, expect: 401 },
    { method: 'POST', url: '/api/licenseEmployee', as: DEMO.presidente, payload: LEAVE, expect: 403 },
    { method: 'POST', url: '/api/licenseEmployee', as: DEMO.analistaRh, payload: LEAVE, expect: 200 },

    { method: 'GET', url: '/api/hr/reports/employees', as: null, expect: 401 },
    { method: 'GET', url: '/api/hr/reports/employees', as: DEMO.diretor, expect: 403 },
    { method: 'GET', url: '/api/hr/reports/employees', as: DEMO.analistaRh, expect: 200 },
    { method: 'HEAD', url: '/api/hr/reports/employees', as: null, expect: 401 },
    { method: 'HEAD', url: '/api/hr/reports/employees', as: DEMO.diretor, expect: 403 },
    { method: 'HEAD', url: '/api/hr/reports/employees', as: DEMO.admin, expect: 200 },

    { method: 'GET', url: `/api/hr/reports/vacations${PERIOD}`, as: null, expect: 401 },
    { method: 'GET', url: `/api/hr/reports/vacations${PERIOD}`, as: DEMO.gestorCompras, expect: 403 },
    { method: 'GET', url: `/api/hr/reports/vacations${PERIOD}`, as: DEMO.analistaRh, expect: 200 },
    { method: 'HEAD', url: `/api/hr/reports/vacations${PERIOD}`, as: null, expect: 401 },
    { method: 'HEAD', url: `/api/hr/reports/vacations${PERIOD}`, as: DEMO.gestorCompras, expect: 403 },
    { method: 'HEAD', url: `/api/hr/reports/vacations${PERIOD}`, as: DEMO.analistaRh, expect: 200 },

    { method: 'GET', url: '/api/hr/substitutes', as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/hr/substitutes',
      as: DEMO.juridico,
      expect: 403,
      note: 'a Colaborador of RH: substitutes are an administrator’s to name',
    },
    { method: 'GET', url: '/api/hr/substitutes', as: DEMO.admin, expect: 200 },

    { method: 'PUT', url: '/api/hr/substitutes/diretor', as: null, payload: SUBSTITUTE, expect: 401 },
    {
      method: 'PUT',
      url: '/api/hr/substitutes/diretor',
      as: DEMO.juridico,
      payload: SUBSTITUTE,
      expect: 403,
      note: 'a Colaborador of RH',
    },
    {
      method: 'PUT',
      url: '/api/hr/substitutes/diretor',
      as: DEMO.analistaRh,
      payload: SUBSTITUTE,
      expect: 403,
    },
    { method: 'PUT', url: '/api/hr/substitutes/diretor', as: DEMO.admin, payload: SUBSTITUTE, expect: 200 },

    { method: 'GET', url: `/api/hr/reports/leaves${PERIOD}`, as: null, expect: 401 },
    { method: 'GET', url: `/api/hr/reports/leaves${PERIOD}`, as: DEMO.diretor, expect: 403 },
    { method: 'GET', url: `/api/hr/reports/leaves${PERIOD}`, as: DEMO.analistaRh, expect: 200 },
    { method: 'HEAD', url: `/api/hr/reports/leaves${PERIOD}`, as: null, expect: 401 },
    { method: 'HEAD', url: `/api/hr/reports/leaves${PERIOD}`, as: DEMO.diretor, expect: 403 },
    { method: 'HEAD', url: `/api/hr/reports/leaves${PERIOD}`, as: DEMO.analistaRh, expect: 200 },

    // The employees import: who manages employees (canManageEmployees).
    { method: 'POST', url: '/api/employees/import', as: null, payload: EMPLOYEES_SHEET, expect: 401 },
    {
      method: 'POST',
      url: '/api/employees/import',
      as: DEMO.gestorCompras,
      payload: EMPLOYEES_SHEET,
      expect: 403,
    },
    {
      method: 'POST',
      url: '/api/employees/import',
      as: DEMO.analistaRh,
      payload: EMPLOYEES_SHEET,
      expect: 400,
      proves: 'allowed',
      note: 'let through; a sheet without lines',
    },
    ...(
      [
        ['POST', `/api/employees/import/${NO_IMPORT}/commit`],
        ['DELETE', `/api/employees/import/${NO_IMPORT}`],
      ] as const
    ).flatMap(([method, url]): AuthzEntry[] => [
      { method, url, as: null, expect: 401 },
      { method, url, as: DEMO.gestorCompras, expect: 403 },
      {
        method,
        url,
        as: DEMO.analistaRh,
        expect: 404,
        proves: 'allowed',
        note: 'let through; no such import',
      },
    ]),
  ],
};

export default hr;
