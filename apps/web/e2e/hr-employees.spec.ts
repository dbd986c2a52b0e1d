import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { signIn } from './support/session.ts';

/**
 * An employee's details (issue 32): Fernanda (1005, RH) opens a row of Gerenciar Funcionários and
 * reads every field of the record without opening Atualizar; a dismissed employee says since when.
 */

async function openEmployee(page: Page, name: string, shown = name) {
  await page.getByRole('textbox', { name: 'Procurar funcionário' }).fill(name);
  await page.getByRole('cell', { name: shown, exact: true }).click();
  const details = page.getByTestId('employee-details');
  await expect(details).toBeVisible();
  return details;
}

const fact = (details: ReturnType<Page['getByTestId']>, label: string) =>
  details.locator(`[data-fact="${label}"]`);

test('the details show every field of the record, read-only, in Portuguese formats', async ({
  page,
}, info) => {
  await signIn(page, '1005', '/setEmployees');
  const details = await openEmployee(page, 'Camila Rocha Lima');
  const personal = details.getByRole('region', { name: 'Dados pessoais' });
  const contract = details.getByRole('region', { name: 'Contrato' });
  await expect(personal).toBeVisible();
  await expect(contract).toBeVisible();
  // Demo employee 103 (seed/demo-hr.ts).
  for (const [label, value] of [
    ['Nome', 'Camila Rocha Lima'],
    ['Data de nascimento', '15/03/1982'],
    ['CPF', '523.778.094-64'],
    ['RG', '12.345.678-2'],
    ['PIS', '120.54783.65-2'],
    ['Telefone', '(11) 98765-4322'],
    ['E-mail', 'camila@rotasul.com.br'],
    ['Matrícula', '103'],
    ['Situação', 'Ativo'],
    ['Setor', 'Recursos Humanos'],
    ['Cargo', 'Assistente Administrativo'],
    ['Unidade', 'Mauá'],
    ['Horário', '2º Turno'],
    ['Contrato', 'Efetivo'],
    ['Salário', 'Mensalista'],
    ['Transporte', 'Fretado+Público'],
    ['Vale-refeição', 'Sim'],
    ['Plano de saúde', 'Não'],
  ] as const) {
    await expect(fact(details, label), label).toHaveText(value);
  }
  await expect(fact(details, 'Data de admissão')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  // Nothing to type into: the record is read, Atualizar edits it.
  await expect(details.getByRole('region', { name: 'Dados pessoais' }).getByRole('textbox')).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Atualizar' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('hr-employee-details.png') });

  await page.keyboard.press('Escape');
  const dismissed = await openEmployee(page, 'Hugo Carvalho Reis', 'Hugo Carvalho Reis (D)');
  await expect(fact(dismissed, 'Situação')).toHaveText(/^Desligado em \d{2}\/\d{2}\/\d{4}$/);
});

test.describe('phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the details fit the phone', async ({ page }, info) => {
    await signIn(page, '1005', '/setEmployees');
    const details = await openEmployee(page, 'Camila Rocha Lima');
    await expect(fact(details, 'CPF')).toHaveText('523.778.094-64');
    const box = await details.boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: info.outputPath('hr-employee-details-phone.png'), fullPage: true });
  });
});
