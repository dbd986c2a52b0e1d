import { HR_STATUS, type HrStatus, hrRequestPath, toDateOnly, vacationAccrual } from '@intranet/contracts';
import type { Tx } from '../db/database.ts';
import { DEMO_USERS } from './demo-data.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const dayAgo = (days: number) => toDateOnly(daysAgo(days));

/**
 * Demo employees. Matrícula 101–108; 106 was admitted 30 days ago (a dismissal skips the
 * director); 108 is already dismissed (shown with (D)).
 */
export const DEMO_EMPLOYEES = [
  {
    registration: '101',
    name: 'Ana Paula Ferreira',
    cpf: '30155487272',
    role: 10,
    sector: 'Operação',
    admittedDaysAgo: 900,
  },
  {
    registration: '102',
    name: 'Bruno Henrique Santos',
    cpf: '41266798390',
    role: 11,
    sector: 'Operação',
    admittedDaysAgo: 700,
  },
  {
    registration: '103',
    name: 'Camila Rocha Lima',
    cpf: '52377809464',
    role: 2,
    sector: 'Recursos Humanos',
    admittedDaysAgo: 1500,
  },
  {
    registration: '104',
    name: 'Diego Martins Alves',
    cpf: '63488910547',
    role: 12,
    sector: 'Operação',
    admittedDaysAgo: 400,
  },
  {
    registration: '105',
    name: 'Eduarda Gomes Pinto',
    cpf: '74599021601',
    role: 23,
    sector: 'Faturamento',
    admittedDaysAgo: 200,
  },
  {
    registration: '106',
    name: 'Felipe Souza Prado',
    cpf: '85610132738',
    role: 9,
    sector: 'Estoque',
    admittedDaysAgo: 30,
  },
  {
    registration: '107',
    name: 'Gabriela Nunes Costa',
    cpf: '96721243849',
    role: 35,
    sector: 'Tecnologia de Informação',
    admittedDaysAgo: 1200,
  },
  {
    registration: '108',
    name: 'Hugo Carvalho Reis',
    cpf: '17832354976',
    role: 8,
    sector: 'Estoque',
    admittedDaysAgo: 1000,
  },
] as const;

type DemoRequest =
  | {
      type: 'admission';
      requester: string;
      status: HrStatus;
      daysAgo: number;
      role: number;
      reason: number;
      substitute?: string;
      justification?: number;
      text: string;
    }
  | {
      type: 'dismissal';
      requester: string;
      status: HrStatus;
      daysAgo: number;
      employee: string;
      breach: number;
      text: string;
    };

/** One request at each stage (ids 1–9 in this order). */
export const DEMO_HR_REQUESTS: DemoRequest[] = [
  {
    type: 'admission',
    requester: '1006',
    status: 0,
    daysAgo: 1,
    role: 11,
    reason: 2,
    justification: 4,
    text: 'Aumento do volume de cargas na Matriz.',
  },
  {
    type: 'admission',
    requester: '1002',
    status: 1,
    daysAgo: 3,
    role: 25,
    reason: 3,
    text: 'Novo projeto de compras centralizadas.',
  },
  {
    type: 'admission',
    requester: '1009',
    status: 3,
    daysAgo: 6,
    role: 37,
    reason: 1,
    substitute: '108',
    justification: 2,
    text: 'Substituição de analista desligado.',
  },
  {
    type: 'admission',
    requester: '1006',
    status: 4,
    daysAgo: 9,
    role: 12,
    reason: 4,
    text: 'Rota nova para Mauá.',
  },
  {
    type: 'admission',
    requester: '1007',
    status: 5,
    daysAgo: 20,
    role: 23,
    reason: 2,
    justification: 1,
    text: 'Faturamento com fechamento atrasado.',
  },
  {
    type: 'admission',
    requester: '1002',
    status: 10,
    daysAgo: 25,
    role: 26,
    reason: 3,
    text: 'Projeto cancelado.',
  },
  {
    type: 'dismissal',
    requester: '1006',
    status: 2,
    daysAgo: 2,
    employee: '104',
    breach: 2,
    text: 'Reestruturação da frota.',
  },
  {
    type: 'dismissal',
    requester: '1006',
    status: 0,
    daysAgo: 1,
    employee: '106',
    breach: 3,
    text: 'Fim do contrato de experiência.',
  },
  // Hugo (108, Estoque) left 40 days ago: shown with (D). His manager asked (Roberto: Operação, Estoque).
  {
    type: 'dismissal',
    requester: '1006',
    status: 5,
    daysAgo: 40,
    employee: '108',
    breach: 1,
    text: 'Desligamento por falta grave.',
  },
];

export async function seedDemoHr(tx: Tx, idOf: (matricula: string) => number): Promise<void> {
  const now = new Date().toISOString();
  await tx
    .insertInto('approvers')
    .values({ role: 'rh', user_id: idOf('1005') })
    .execute();
  // Marcos (1009) is the director's substitute, named by an administrator (issue 31): he decides
  // Roberto's own requests now, and every director stage during Roberto's vacation next month.
  await tx
    .insertInto('hr_approver_substitutes')
    .values({
      role: 'diretor',
      user_id: idOf('1009'),
      date_from: dayAgo(-30),
      date_to: dayAgo(-44),
      updated_by: idOf('1001'),
      updated_at: now,
    })
    .execute();
  const employees = await tx
    .insertInto('hr_employees')
    .values(
      DEMO_EMPLOYEES.map((e, i) => {
        const admission = dayAgo(e.admittedDaysAgo);
        const dismissed = e.registration === '108';
        return {
          name: e.name,
          birth_date: `19${80 + i}-0${(i % 9) + 1}-15`,
          registration: e.registration,
          date_admission: admission,
          branch: i % 3 === 2 ? 2 : 1,
          email: `${e.name.split(' ')[0]!.toLowerCase()}@rotasul.com.br`,
          cpf: e.cpf,
          rg: `12345678${i}`,
          pis: `1205478365${i}`,
          tell: `1198765432${i}`,
          food_voucher: 1,
          health_insurance: i % 2,
          transport_type_id: 3,
          wage_id: 1,
          work_time_id: (i % 4) + 1,
          contract_type_id: 1,
          role: e.role,
          sector: e.sector,
          last_date_vacation: null,
          sale_vacation: vacationAccrual(admission, [])!.saleVacation,
          current_year_vacation: 0,
          date_dismissal: dismissed ? dayAgo(40) : null,
          dismissal_id: null,
          status_employee: dismissed ? 0 : 1,
          created_at: now,
          updated_at: now,
        };
      }),
    )
    .returning(['id', 'registration'])
    .execute();
  const employeeId = (registration: string) => employees.find((e) => e.registration === registration)!.id;
  const employeeOf = (registration: string) => DEMO_EMPLOYEES.find((e) => e.registration === registration)!;
  const userOf = (matricula: string) => DEMO_USERS.find((u) => u.matricula === matricula)!;

  for (const r of DEMO_HR_REQUESTS) {
    const requester = userOf(r.requester);
    const created = daysAgo(r.daysAgo);
    const createdOn = toDateOnly(created);
    const employee = r.type === 'dismissal' ? employeeOf(r.employee) : undefined;
    const admission = employee ? dayAgo(employee.admittedDaysAgo) : null;
    const { id } = await tx
      .insertInto('hr_requests')
      .values({
        type_request: r.type,
        status: r.status,
        requester_id: idOf(r.requester),
        requester_name: requester.nome,
        requester_mat: requester.matricula,
        requester_setor: requester.sectors[0] ?? null,
        employee_id: r.type === 'dismissal' ? employeeId(r.employee) : null,
        employee_name: employee?.name ?? null,
        registration_employee: employee?.registration ?? null,
        date_admission_employee: admission,
        role_id: r.type === 'admission' ? r.role : (employee?.role ?? null),
        branch: 1,
        work_time: 1,
        contract_type_id: 1,
        reason_id: r.type === 'admission' ? r.reason : null,
        substitute_for: r.type === 'admission' && r.substitute ? employeeId(r.substitute) : null,
        breach_contract_id: r.type === 'admission' ? (r.justification ?? null) : r.breach,
        dism_fails: r.type === 'dismissal' ? '6,7' : '',
        equipment_return: r.type === 'dismissal' ? '1,4' : '',
        text_justify: r.text,
        created_on: createdOn,
        created_at: created.toISOString(),
        updated_at: created.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (r.type === 'dismissal' && r.status === HR_STATUS.aprovado) {
      await tx
        .updateTable('hr_employees')
        .set({ dismissal_id: id })
        .where('id', '=', employeeId(r.employee))
        .execute();
    }
    // The stages it went through: its path up to its status (a denial after the stage before it).
    const path = hrRequestPath({
      typeRequest: r.type,
      breachContractId:
        r.type === 'dismissal' ? r.breach : r.type === 'admission' ? (r.justification ?? null) : null,
      dateAdmission: admission,
      createdOn,
    });
    const reached =
      r.status === HR_STATUS.negado
        ? [...path.slice(0, 3), HR_STATUS.negado]
        : path.slice(0, path.indexOf(r.status) + 1);
    await tx
      .insertInto('hr_request_stages')
      .values(
        reached.map((status, i) => ({
          request_id: id,
          status,
          user_id: idOf(i === 0 ? r.requester : '1005'),
          user_name: i === 0 ? requester.nome : userOf('1005').nome,
          created_at: new Date(created.getTime() + i * 3_600_000).toISOString(),
        })),
      )
      .execute();
  }
}
