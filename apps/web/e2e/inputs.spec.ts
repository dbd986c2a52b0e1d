import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMPLOYEE_DEFAULTS } from '@intranet/contracts';
import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { apiToken, signIn, toasts } from './support/session.ts';

/**
 * Inputs and messages across the modules (issue 32): the quote row's money input and its messages
 * (desktop and phone), the purchase form's required-fields message, one Portuguese date input
 * (dd/mm/aaaa in an English browser too), the CRM as people write it, searches without accents,
 * and a fines import written by SheetJS (stored zip entries).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const XLSX_FIXTURES = path.resolve(here, '../../server/test/fixtures/xlsx');

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A compra of João (1003) brought by Patrícia (1002) to Aguardando Cotação through the API. */
async function requestAwaitingQuotes(request: APIRequestContext, descript: string): Promise<number> {
  const joao = await apiToken(request, '1003');
  const patricia = await apiToken(request, '1002');
  const opened = await request.post('/api/purchases', {
    headers: bearer(joao),
    multipart: {
      typerequest: 'compra',
      descript,
      justify: 'Novo ativo',
      justifyDescript: 'Uso diário na expedição',
      filial: 'Matriz',
      priority: '2',
      link: 'https://loja.example/item',
    },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const { id } = (await opened.json()) as { id: number };
  for (const [action, from] of [
    ['analisar', 0],
    ['pedirCotacao', 1],
  ] as const) {
    const moved = await request.post(`/api/purchases/${id}/transition`, {
      headers: bearer(patricia),
      data: { action, from },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return id;
}

/** A click, or a tap on a touch screen. */
async function press(target: Locator, touch: boolean) {
  if (touch) await target.tap();
  else await target.click();
}

test('Inserir Cotação: the value starts empty and takes the digits typed; each missing field is named with its row @phone', async ({
  page,
  request,
}, info) => {
  const touch = info.project.name === 'phone';
  const ticket = await requestAwaitingQuotes(request, `Leitor de código de barras (${info.project.name})`);
  await signIn(page, '1002', `/requestopened?ticket=${ticket}`);
  const detail = page.getByRole('dialog', { name: `Ticket de Número ${ticket}` });
  await press(detail.getByRole('button', { name: 'Inserir cotação' }), touch);
  const insert = page.getByRole('dialog', { name: 'Inserir Cotação' });
  const row1 = insert.locator('[data-quote-row="1"]');

  // A new row's value is empty, R$ 0,00 only as its placeholder; a click (a tap) and digits fill it.
  const valor = row1.getByRole('textbox', { name: 'Valor', exact: true });
  await expect(valor).toHaveValue('');
  await expect(valor).toHaveAttribute('placeholder', 'R$ 0,00');
  await press(valor, touch);
  await valor.pressSequentially('1234,5');
  await expect(valor).toHaveValue('R$ 1.234,5');
  await row1.getByRole('textbox', { name: 'Fornecedor' }).fill('Leitores Brasil');
  // The deadline is typed as people write dates; the calendar speaks Portuguese.
  const prazo = row1.getByRole('textbox', { name: 'Prazo de entrega' });
  await prazo.fill('15/12/2026');
  await expect(page.getByRole('button', { name: 'dezembro 2026', exact: true })).toBeVisible();
  await prazo.press('Escape');

  await press(insert.getByRole('button', { name: 'Adicionar linha' }), touch);
  await press(insert.getByRole('button', { name: 'Enviar cotações' }), touch);
  const alert = insert.getByRole('alert');
  await expect(alert).toBeInViewport();
  await expect(alert.locator('p')).toHaveText([
    'Por favor, preencha todos os campos em todas as linhas.',
    'Linha 1: Informe o contato.',
    'Linha 2: Informe o fornecedor.',
    'Linha 2: Informe o prazo de entrega.',
    'Linha 2: Informe um valor maior que zero.',
    'Linha 2: Informe o contato.',
  ]);
  // Each field says it under itself too.
  await expect(row1.getByRole('textbox', { name: 'Contato' })).toHaveAccessibleDescription(
    'Informe o contato.',
  );
  await expect(row1.getByRole('textbox', { name: 'Fornecedor' })).not.toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: info.outputPath('quote-messages.png') });

  await press(insert.getByRole('button', { name: 'Remover linha 2' }), touch);
  await row1.getByRole('textbox', { name: 'Contato' }).fill('vendas@leitores.example');
  // Fixed, the row loses its messages before it is sent again.
  await expect(alert).toBeHidden();
  await press(insert.getByRole('button', { name: 'Enviar cotações' }), touch);
  await expect(toasts(page)).toContainText('Cotação enviada');
  const compare = detail.getByRole('table', { name: 'Comparação de cotações' });
  const sent = compare.getByRole('row', { name: /Leitores Brasil/ });
  await expect(sent).toContainText('R$ 1.234,50');
  await expect(sent).toContainText('15/12/2026');
});

test('Solicitar uma Compra names the missing fields once, as labelled; each field only says it is required', async ({
  page,
}) => {
  await signIn(page, '1003', '/openpurchrequest?typeRequest=compra');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Preencha todos os campos obrigatórios: Produto, Justificativa, Descrição da justificativa, Prioridade, Unidade de destino',
  );
  await expect(page.getByText('Preencha todos os campos obrigatórios', { exact: false })).toHaveCount(1);
  await expect(page.getByText('Esse campo deve ser preenchido.', { exact: true })).toHaveCount(5);
  await expect(page.getByRole('textbox', { name: 'Produto' })).toHaveAccessibleDescription(
    'Esse campo deve ser preenchido.',
  );

  await page.getByRole('textbox', { name: 'Produto' }).fill('Cadeira de escritório');
  await page.getByRole('textbox', { name: 'Justificativa', exact: true }).click();
  await page.getByRole('option', { name: 'Novo ativo', exact: true }).click();
  await page.getByRole('textbox', { name: 'Descrição da justificativa' }).fill('A atual quebrou');
  await page.getByRole('radio', { name: 'Matriz' }).check();
  await page.getByRole('radio', { name: 'Baixa' }).check();
  await page.getByRole('button', { name: 'Enviar' }).click();
  // The contracts rule the server applies too.
  await expect(page.getByRole('alert')).toHaveText('Para uma compra, informe um link ou anexe um arquivo.');
  await expect(page.getByText('Esse campo deve ser preenchido.', { exact: true })).toHaveCount(0);
});

test.describe('in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('HR dates are typed and shown dd/mm/aaaa with a Portuguese calendar; the CRM is read as written', async ({
    page,
  }) => {
    await signIn(page, '1005', '/setEmployees');
    await page.getByRole('textbox', { name: 'Procurar funcionário' }).fill('Eduarda');
    await page.getByRole('cell', { name: 'Eduarda Gomes Pinto', exact: true }).click();
    const leave = page.getByRole('form', { name: 'Registrar atestado' });

    const start = leave.getByRole('textbox', { name: 'Início' });
    await expect(start).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await start.fill('10/03/2025');
    await expect(page.getByRole('button', { name: 'março 2025', exact: true })).toBeVisible();
    await start.press('Escape');
    // Not a day: said in the form people write, under the field.
    const end = leave.getByRole('textbox', { name: 'Fim' });
    await end.fill('31/02/2025');
    await end.press('Escape');
    await leave.getByRole('textbox', { name: 'CID' }).click();
    await expect(end).toHaveValue('31/02/2025');
    await expect(end).toHaveAccessibleDescription('Data inválida (use dd/mm/aaaa).');
    await end.fill('12/03/2025');
    await end.press('Escape');
    await expect(end).not.toHaveAttribute('aria-invalid', 'true');

    await leave.getByRole('textbox', { name: 'CID' }).fill('J11');
    await leave.getByRole('textbox', { name: 'Unidade médica' }).fill('UPA Centro');
    await leave.getByRole('textbox', { name: 'Médico' }).fill('Dra. Ana Souza');
    const crm = leave.getByRole('textbox', { name: 'CRM' });
    await crm.fill('12AB');
    await leave.getByRole('button', { name: 'Registrar atestado' }).click();
    await expect(crm).toHaveAccessibleDescription(
      'CRM inválido: informe o número e a UF, como 123456/SP ou CRM/SP 123456.',
    );
    await crm.fill('123456-SP');
    await leave.getByRole('button', { name: 'Registrar atestado' }).click();
    const saved = page.getByRole('row', { name: /Dra\. Ana Souza/ });
    await expect(saved).toContainText('10/03/2025');
    await expect(saved).toContainText('12/03/2025');
    await expect(saved).toContainText('CRM 123456/SP');
  });
});

test('the employee search and the Solicitante filter find names without their accents', async ({
  page,
  request,
}) => {
  const rh = await apiToken(request, '1005');
  const created = await request.post('/api/employee', {
    headers: bearer(rh),
    data: {
      ...EMPLOYEE_DEFAULTS,
      name: 'Maria da Conceição Araújo',
      Registration: '733',
      birthDate: '1990-04-02',
      DateAdmission: '2024-02-01',
      cpf: '52998224725',
      rg: '123456789',
      pis: '12054783651',
      tell: '11987650000',
      email: '',
      sector: 'Operação',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await signIn(page, '1005', '/setEmployees');
  await page.getByRole('textbox', { name: 'Procurar funcionário' }).fill('conceicao');
  await expect(page.getByRole('cell', { name: 'Maria da Conceição Araújo', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Ana Paula Ferreira', exact: true })).toHaveCount(0);

  await page.goto('/mainScreamRh');
  await page.getByRole('button', { name: 'Filtrar Solicitante' }).click();
  await page.getByRole('textbox', { name: 'Solicitante' }).fill('patricia');
  await page.getByRole('button', { name: 'Ok' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: 'Patrícia Souza Ramos' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Roberto Almeida Nogueira' })).toHaveCount(0);
});

test('Importar planilha reads a workbook written by SheetJS (zip entries stored, not compressed)', async ({
  page,
}) => {
  await signIn(page, '1009', '/managerFines?view=5');
  await page.getByRole('button', { name: 'Importar planilha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar planilha' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(path.join(XLSX_FIXTURES, 'sheetjs-0.18.5-multas.xlsx'));
  await dialog.getByRole('button', { name: 'Ler planilha' }).click();
  await expect(dialog.getByTestId('fine-import-summary')).toContainText(
    '1 a adicionar, 0 a atualizar, 0 recusada(s)',
  );
  await expect(dialog.getByText('Não foi possível ler a planilha .xlsx.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
});
