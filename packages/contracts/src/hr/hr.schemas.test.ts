import { describe, expect, it } from 'vitest';
import { employeeFields, employeeVacationBody, employeeVacationEnd } from './hr.employees.schemas.ts';
import { dismissalBody, hiringBody } from './hr.schemas.ts';

const hiring = { role: 9, branch: 1, work_time: 1, contractType: 1, textJustify: 'Vaga' };

describe('hiring payload (spec §3/§4)', () => {
  it('drops substituteFor unless the reason is 1 and BreachContractId unless it is 1 or 2', () => {
    expect(
      hiringBody.parse({ ...hiring, reasonHiring: 3, substituteFor: 4, BreachContractId: 2 }),
    ).toMatchObject({
      substituteFor: null,
      BreachContractId: null,
    });
    expect(
      hiringBody.parse({ ...hiring, reasonHiring: 2, substituteFor: 4, BreachContractId: 2 }),
    ).toMatchObject({
      substituteFor: null,
      BreachContractId: 2,
    });
    expect(
      hiringBody.parse({ ...hiring, reasonHiring: 1, substituteFor: 4, BreachContractId: 2 }),
    ).toMatchObject({
      substituteFor: 4,
      BreachContractId: 2,
    });
  });
  it.each([
    [{ ...hiring, reasonHiring: 1, BreachContractId: 2 }],
    [{ ...hiring, reasonHiring: 2 }],
    [{ ...hiring, reasonHiring: 3, role: 38 }],
    [{ ...hiring, reasonHiring: 3, textJustify: '  ' }],
  ])('refuses %j', (body) => {
    expect(hiringBody.safeParse(body).error?.issues[0]?.message).toBe('Por favor, preencha todos os campos.');
  });
});

describe('dismissal payload', () => {
  const base = {
    Registration: '101',
    BreachContractId: 2,
    DismFailsId: [1],
    EquipamentReturnId: [3],
    textJustify: 'x',
  };
  it('an empty list counts as empty', () => {
    expect(dismissalBody.safeParse({ ...base, DismFailsId: [] }).success).toBe(false);
    expect(dismissalBody.safeParse({ ...base, EquipamentReturnId: [9] }).success).toBe(false);
    expect(dismissalBody.safeParse(base).success).toBe(true);
  });
});

describe('employee form (spec §5)', () => {
  const employee = {
    name: 'Ana',
    birthDate: '1990-01-02',
    Registration: '123',
    DateAdmission: '2024-05-01',
    branch: 1,
    email: '',
    cpf: '529.982.247-25',
    rg: '12.345.678-X',
    pis: '120.54783.65-1',
    tell: '(11) 98765-4321',
    foodVoucher: 1,
    healthInsurance: 0,
    transportTypeId: 3,
    WageId: 1,
    workTimeId: 1,
    contractTypeId: 1,
    role: 9,
    sector: 'Operacao',
  };
  it('keeps CPF, RG, PIS and phone without punctuation, the sector as typed (the server reads its row)', () => {
    expect(employeeFields.parse(employee)).toMatchObject({
      cpf: '52998224725',
      rg: '12345678X',
      pis: '12054783651',
      tell: '11987654321',
      sector: 'Operacao',
      email: null,
    });
  });
  it('checks the CPF by its digits', () => {
    expect(employeeFields.safeParse({ ...employee, cpf: '529.982.247-24' }).error?.issues[0]?.message).toBe(
      'CPF inválido.',
    );
  });
  it('an empty required field says the spec message', () => {
    expect(employeeFields.safeParse({ ...employee, name: '' }).error?.issues[0]?.message).toBe(
      'Parametros inválidos. Preencha todos os campos',
    );
  });
});

describe('vacation (spec §5)', () => {
  it('end = start + days', () => {
    expect(employeeVacationEnd('2026-12-25', 10)).toBe('2027-01-04');
    expect(
      employeeVacationBody.safeParse({ dateStart: '2026-12-25', dateEnd: '2027-01-04', requestedPeriod: 10 })
        .success,
    ).toBe(true);
    expect(
      employeeVacationBody.safeParse({ dateStart: '2026-12-25', dateEnd: '2027-01-03', requestedPeriod: 10 })
        .success,
    ).toBe(false);
  });
  it('days above 0 and every field filled', () => {
    expect(
      employeeVacationBody.safeParse({ dateStart: '2026-12-25', dateEnd: '2026-12-25', requestedPeriod: 0 })
        .success,
    ).toBe(false);
    expect(
      employeeVacationBody.safeParse({ dateStart: '', dateEnd: '', requestedPeriod: 5 }).error?.issues[0]
        ?.message,
    ).toBe('É necessário preencher todos os campos');
  });
});
