import { MSG, PURCHASE_MSG } from '@intranet/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import {
  fillQuoteRow,
  followCallLinks,
  PDF,
  PNG,
  pressPurchaseStep,
  purchaseDetail,
  serverRefusal,
} from './support/purchases.ts';
import { apiToken, readOutbox, signIn, toasts } from './support/session.ts';

/**
 * Purchases: João (1003) asks for a compra with a link → Patrícia (1002, Compras) analyses it,
 * inserts two quotes (one Física with a PDF), sends it for approval and selects the one above
 * R$ 500 → as manager she can only forward → the director Roberto (1006) approves → buyer chosen →
 * bought → available → pickup registered → João sees Solicitação Finalizada. A second request denied
 * by the manager shows the denied mark at the manager's stage.
 */

// Long journeys of many screens on a shared 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async ({ request }) => {
  // Normally done by the first-access journey; accepting again is harmless, so this spec also runs alone.
  const token = await apiToken(request, '1003');
  const res = await request.put('/api/users/policy', {
    headers: { authorization: `Bearer ${token}` },
    data: { userId: 3, policyAccepted: 1 },
  });
  expect(res.status()).toBe(200);
});

let ticket = 0;

const detail = (page: Page) => purchaseDetail(page, ticket);
const press = (page: Page, button: string, statusLabel: string) =>
  pressPurchaseStep(page, ticket, button, statusLabel);

test('João asks for a compra with a link and is told it went to Compras', async ({ page, request }) => {
  await signIn(page, '1003', '/chooserequest');
  await page.getByRole('link', { name: 'Solicitar uma Compra' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitar uma Compra' })).toBeVisible();

  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Preencha todos os campos obrigatórios: Produto, Justificativa, Descrição da justificativa, Prioridade, Unidade de destino',
  );

  await page.getByRole('textbox', { name: 'Produto' }).fill('Notebook para a expedição');
  await page.getByRole('textbox', { name: 'Justificativa', exact: true }).click();
  await page.getByRole('option', { name: 'Novo ativo', exact: true }).click();
  await page
    .getByRole('textbox', { name: 'Descrição da justificativa' })
    .fill('Conferência de notas no balcão');
  await page.getByRole('radio', { name: 'Mauá' }).check();
  await page.getByRole('radio', { name: 'Média' }).check();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Para uma compra, informe um link ou anexe um arquivo.');
  // The same rule, the same sentence on the server (contracts' openRequestFilesProblem).
  const opened = {
    descript: 'x',
    justify: 'Novo ativo',
    justifyDescript: 'x',
    filial: 'Maua',
    priority: '2',
  };
  expect(await serverRefusal(request, '1003', '/api/purchases', { typerequest: 'compra', ...opened })).toBe(
    PURCHASE_MSG.linkOrFile,
  );
  await page.getByRole('textbox', { name: 'Link' }).fill('https://loja.example/notebook');
  await page.getByRole('button', { name: 'Enviar' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sucesso!' });
  await expect(dialog).toContainText('Sua solicitação foi enviada ao setor de Compras.');
  ticket = Number((await dialog.locator('strong').textContent())?.replace('#', ''));
  expect(ticket).toBeGreaterThan(0);
});

test('Patrícia (Compras) analyses, quotes, sends for approval and forwards a quote above R$ 500', async ({
  page,
  request,
}) => {
  await signIn(page, '1002', '/requestopened');
  await expect(page.getByRole('heading', { name: 'SOLICITAÇÕES DE COMPRAS' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Pesquisar' }).fill('Notebook para a expedição');
  // The searched list, not the one it replaces (a click on a row being replaced can be lost).
  await expect(page.getByText('1 registro', { exact: true })).toBeVisible();
  await page.getByRole('row', { name: new RegExp(`#${ticket}`) }).click();
  await expect(detail(page)).toBeVisible();
  await expect(detail(page).locator('[data-state="current"]')).toHaveAttribute('data-stage', 'openRequest');

  await press(page, 'Próxima Etapa', 'Em análise');
  await press(page, 'Próxima Etapa', 'Aguardando Cotação');

  await detail(page).getByRole('button', { name: 'Inserir cotação' }).click();
  const insert = page.getByRole('dialog', { name: 'Inserir Cotação' });
  // An empty row: the form refuses with the message the server answers for that quote, under the
  // field and once above the rows (contracts' quoteRowsForm and quoteRowFields).
  await insert.getByRole('button', { name: 'Enviar cotações' }).click();
  const empty = { ticket: String(ticket), fornecedor: '', prazoEntrega: '', valor: '', contato: '' };
  const refusal = await serverRefusal(request, '1002', '/api/insertCotacao', {
    ...empty,
    canalType: 'Online',
  });
  expect(refusal).toBe(PURCHASE_MSG.quoteSupplierRequired);
  await expect(insert.getByRole('alert')).toContainText(`${MSG.quoteRowsRequired}Linha 1: ${refusal}`);
  const supplier = page.locator('[data-quote-row="1"]').getByRole('textbox', { name: 'Fornecedor' });
  await expect(supplier).toHaveAccessibleDescription(refusal);
  await supplier.fill('Info Mauá');
  // Checked again at each change: the fixed field loses its message.
  await expect(supplier).not.toHaveAttribute('aria-invalid', 'true');
  await expect(insert.getByRole('alert')).not.toContainText('Linha 1: Informe o fornecedor.');
  await fillQuoteRow(page, 1, {
    fornecedor: 'Info Mauá',
    prazo: '2026-12-10',
    valor: '750',
    contato: '(11) 4000-0000',
    canal: 'Fisica',
  });
  await insert.getByRole('button', { name: 'Adicionar linha' }).click();
  await fillQuoteRow(page, 2, {
    fornecedor: 'Loja Online',
    prazo: '2026-12-20',
    valor: '690',
    contato: 'https://loja.example',
    canal: 'Online',
  });
  await insert.getByRole('button', { name: 'Enviar cotações' }).click();
  await expect(insert.getByRole('alert')).toHaveText('Por favor, insira anexo nas linhas 1');
  await page
    .locator('[data-quote-row="1"] input[type="file"]')
    .setInputFiles({ name: 'orcamento.pdf', mimeType: 'application/pdf', buffer: PDF });
  await insert.getByRole('button', { name: 'Enviar cotações' }).click();
  await expect(toasts(page)).toContainText('Cotação enviada');
  const compare = detail(page).getByRole('table', { name: 'Comparação de cotações' });
  await expect(compare.getByRole('row')).toHaveCount(3);
  await expect(compare.getByRole('row', { name: /Loja Online/ })).toContainText('Menor valor');
  await expect(compare.getByRole('row', { name: /Info Mauá/ })).toContainText('Mais rápida');
  await expect(compare.getByRole('link', { name: 'https://loja.example' })).toBeVisible();
  // The attachment is named as uploaded; a PDF opens in a new tab.
  await expect(
    compare.getByRole('row', { name: /Info Mauá/ }).getByRole('link', { name: 'orcamento.pdf' }),
  ).toHaveAttribute('target', '_blank');

  await press(page, 'Enviar para aprovação', 'Aguardando aprovação Gestor');
  await compare
    .getByRole('row', { name: /Info Mauá/ })
    .getByRole('button', { name: 'Selecionar Cotação' })
    .click();
  const choose = page.getByRole('dialog', { name: 'Selecionar Cotação' });
  await choose.getByRole('textbox', { name: 'Motivo da escolha' }).fill('Entrega mais rápida');
  await choose.getByRole('button', { name: 'Selecionar' }).click();
  await expect(toasts(page)).toContainText('Cotação selecionada!');
  // Above R$ 500: the manager only forwards (or denies).
  await expect(detail(page).getByRole('button', { name: 'Encaminhar' })).toBeVisible();
  await expect(detail(page).getByRole('button', { name: 'Aprovar', exact: true })).toHaveCount(0);
  const before = readOutbox().length;
  await press(page, 'Encaminhar', 'Aguardando aprovação Diretor');
  await expect.poll(() => readOutbox().slice(before).join('\n')).toContain('roberto.nogueira@rotasul.com.br');
});

test('the director Roberto (1006) finds it from the home, comments with an attachment and approves', async ({
  page,
}) => {
  await signIn(page, '1006', '/');
  await page.getByRole('tab', { name: 'Suporte' }).click();
  const tile = page.getByTestId('suporte-aprovacoes');
  await expect(tile).toContainText(/\d+\+? solicitaç(ão|ões) de compra/);
  await tile.getByTestId('aprovacoes-compras').click();
  await expect(page).toHaveURL(/\/requestopened\?waiting=1/);
  await expect(page.getByRole('switch', { name: 'Aguardando minha aprovação' })).toBeChecked();
  await page.getByRole('row', { name: new RegExp(`#${ticket}\\b`) }).click();
  // The rich-text editor: a bold stretch from the toolbar and an @mention picked from the list.
  const editor = detail(page).getByRole('textbox', {
    name: 'Comentar na etapa Aguardando aprovação Diretor',
  });
  const bold = detail(page).getByRole('button', { name: 'Negrito' });
  await expect(detail(page).getByRole('button', { name: 'Enviar comentário' })).toBeDisabled();
  await editor.click();
  await editor.press('Space');
  await expect(detail(page).getByRole('button', { name: 'Enviar comentário' })).toBeDisabled();
  await editor.press('Backspace');
  await editor.pressSequentially('Aprovo: ');
  await bold.click();
  await editor.pressSequentially('segue o parecer');
  await bold.click();
  await editor.pressSequentially(' da diretoria. Cc @Patr');
  await page
    .getByRole('listbox', { name: 'Mencionar' })
    .getByRole('option', { name: /Patrícia/ })
    .click();
  await expect(editor.locator('span[data-type="mention"]')).toHaveText('@Patrícia Souza Ramos');
  const mailsBefore = readOutbox().length;
  await detail(page)
    .locator('input[type="file"]')
    .last()
    .setInputFiles({ name: 'parecer.pdf', mimeType: 'application/pdf', buffer: PDF });
  await detail(page).getByRole('button', { name: 'Enviar comentário' }).click();
  await expect(toasts(page)).toContainText('Comentário enviado!');
  const thread = detail(page).locator('[data-thread="4"]');
  await expect(thread).toContainText('Aprovo: segue o parecer da diretoria. Cc @Patrícia Souza Ramos');
  await expect(thread.locator('strong')).toHaveText('segue o parecer');
  await expect(thread.locator('span[data-type="mention"]')).toHaveAttribute(
    'data-label',
    'Patrícia Souza Ramos',
  );
  await expect(thread.getByRole('link', { name: 'parecer.pdf' })).toBeVisible();
  // The editor is empty again, and the mentioned user got an e-mail.
  await expect(editor).toHaveText('');
  await expect
    .poll(() => readOutbox().slice(mailsBefore).join('\n'))
    .toContain('patricia.ramos@rotasul.com.br');
  await detail(page).getByRole('radio', { name: 'Aprovado' }).check();
  await detail(page).getByRole('button', { name: 'Concluir' }).click();
  await expect(toasts(page)).toContainText('Etapa atualizada!');
  await expect(detail(page).locator('[data-status]').first()).toHaveText('Aprovado');
});

test('Patrícia chooses the buyer, buys, makes it available and registers the pickup', async ({ page }) => {
  await signIn(page, '1002', `/requestopened?ticket=${ticket}`);
  for (const [button, status, picker] of [
    ['Escolher comprador', 'Em Processo de Compra', 'Escolher comprador'],
    ['Próxima Etapa', 'Compra Realizada', null],
    ['Próxima Etapa', 'Disponível para Retirada', null],
    ['Registrar Retirada', 'Solicitação Finalizada', 'Quem retirou'],
  ] as const) {
    await detail(page).getByRole('button', { name: button, exact: true }).click();
    if (picker) {
      const pick = page.getByRole('dialog', { name: picker });
      if (button === 'Registrar Retirada') {
        // The pickup's evidence goes with the move.
        await pick
          .locator('input[type="file"]')
          .setInputFiles({ name: 'recibo-assinado.png', mimeType: 'image/png', buffer: PNG });
        await expect(pick).toContainText('recibo-assinado.png');
      }
      await pick.getByRole('textbox', { name: 'Matrícula ou nome' }).fill('1002');
      await pick.getByRole('row', { name: /1002/ }).getByRole('button', { name: 'Escolher' }).click();
    }
    await expect(detail(page).locator('[data-status]').first()).toHaveText(status);
  }
  const flow = detail(page).getByRole('region', { name: 'Fluxo do Atendimento' });
  await expect(flow).toContainText('Aprovador: Roberto Almeida Nogueira');
  // The evidence overlay, and the image opened large.
  await flow.getByRole('button', { name: 'Evidências da retirada (1)' }).click();
  const evidence = page.getByRole('dialog', { name: 'Evidências da retirada' });
  await evidence.getByRole('button', { name: 'recibo-assinado.png' }).click();
  const viewer = page.getByRole('dialog', { name: 'recibo-assinado.png' });
  const image = viewer.getByRole('img', { name: 'recibo-assinado.png' });
  await expect(image).toBeVisible();
  // The stored file itself is shown (it decodes: 1 px wide), not a broken link.
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
  // Escape closes the topmost layer only (ui/Dialog.tsx); the Fechar buttons do the same.
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(evidence).toBeVisible();
  await expect(detail(page)).toBeVisible();
  await evidence.getByRole('button', { name: 'Fechar' }).click();
  await expect(evidence).toBeHidden();
  await expect(detail(page).locator('[data-thread="8"]')).toContainText('Evidências da retirada');
  await page.keyboard.press('Escape');
  await expect(detail(page)).toBeHidden();
});

test('João sees Solicitação Finalizada in his consultation', async ({ page }) => {
  await signIn(page, '1003', '/requestopened?functionType=consultar');
  await expect(page.getByRole('heading', { name: 'Minhas Solicitações de Compra' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`#${ticket}`) });
  await expect(row).toContainText('Solicitação Finalizada');
  await row.click();
  await expect(detail(page).locator('[data-state="done"]')).toHaveCount(10);
  await expect(detail(page).getByRole('button', { name: 'Próxima Etapa' })).toHaveCount(0);
});

test('Patrícia narrows the received list with the side filter bar; the filters live in the URL', async ({
  page,
}) => {
  await signIn(page, '1002', '/requestopened');
  const bar = page.getByRole('complementary', { name: 'Filtros' });
  const row = page.getByRole('row', { name: new RegExp(`#${ticket}\\b`) });
  const pick = async (label: string, option: string) => {
    await bar.getByRole('textbox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await pick('Status', 'Solicitação Finalizada');
  await pick('Tipo', 'Compra');
  await pick('Unidade', 'Mauá');
  await pick('Setor do solicitante', 'Operação');
  await bar.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/status=9/);
  await expect(page).toHaveURL(/typerequest=compra/);
  await expect(page).toHaveURL(/filial=Maua/);
  await expect(row).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: /#\d+/ });
  for (const text of await rows.allTextContents()) expect(text).toContain('Solicitação Finalizada');

  // The view survives a reload; a type it is not hides it.
  await page.reload();
  await expect(row).toBeVisible();
  await pick('Tipo', 'Serviço de Terceiros');
  await bar.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/typerequest=servico/);
  await expect(row).toHaveCount(0);

  await bar.getByRole('button', { name: 'Limpar' }).click();
  await expect(page).not.toHaveURL(/status=|typerequest=|filial=|setor=/);
  await page.getByRole('textbox', { name: 'Pesquisar' }).fill('Notebook para a expedição');
  await expect(row).toBeVisible();
});

test('a request denied by the manager shows the denied mark at the manager’s stage', async ({
  page,
  request,
}) => {
  // Brought to stage 3 through the API; the denial is pressed on the screen.
  const joao = await apiToken(request, '1003');
  const patricia = await apiToken(request, '1002');
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const opened = await request.post('/api/purchases', {
    headers: as(joao),
    multipart: {
      typerequest: 'servico',
      descript: 'Pintura da portaria',
      justify: 'Serviço',
      justifyDescript: 'Parede descascada',
      filial: 'Matriz',
      priority: '3',
      file: { name: 'parede.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(opened.status()).toBe(200);
  ticket = ((await opened.json()) as { id: number }).id;
  const fire = (action: string, from: number) =>
    request.post(`/api/purchases/${ticket}/transition`, { headers: as(patricia), data: { action, from } });
  expect((await fire('analisar', 0)).status()).toBe(200);
  expect((await fire('pedirCotacao', 1)).status()).toBe(200);
  const quote = await request.post('/api/insertCotacao', {
    headers: as(patricia),
    multipart: {
      ticket: String(ticket),
      fornecedor: 'Pinturas SA',
      prazoEntrega: '2026-12-15',
      valor: '1200.00',
      contato: 'https://pinturas.example',
      canalType: 'Online',
    },
  });
  expect(quote.status()).toBe(200);
  expect((await fire('enviarAprovacao', 2)).status()).toBe(200);

  await signIn(page, '1002', `/requestopened?ticket=${ticket}`);
  await detail(page).getByRole('button', { name: 'Negar', exact: true }).click();
  await page.getByRole('dialog', { name: 'Confirmação' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(detail(page).locator('[data-status]').first()).toHaveText('Negado');
  // Denied at the manager's stage: that stage is marked (issue 32), whoever denied it.
  await expect(detail(page).locator('[data-state="denied"]')).toHaveAttribute(
    'data-stage',
    'awaitapprovalManager',
  );
  // The product image of Referência opens large in a dialog.
  await detail(page)
    .getByRole('region', { name: 'Referência' })
    .getByRole('button', { name: 'parede.png' })
    .click();
  const viewer = page.getByRole('dialog', { name: 'parede.png' });
  await expect(viewer.getByRole('img', { name: 'parede.png' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Abrir em nova aba' })).toHaveAttribute(
    'href',
    /^\/api\/purchases\/\d+\/files\/\d+$/,
  );
});

test('Compras accepts the materials list Infraestrutura sent for demo request 12', async ({
  page,
  request,
}) => {
  ticket = 12;
  const admin = await apiToken(request, '1001');
  const token = await apiToken(request, '1002');
  const d = await request.get('/api/purchases/12', { headers: { authorization: `Bearer ${token}` } });
  const { call_id } = (await d.json()) as { call_id: number };
  const sent = await request.post(`/api/calls/${call_id}/materials`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { items: [{ item_name: 'Cantoneira de aço', measure: 'unidades', qnt: 12 }] },
  });
  expect(sent.status()).toBe(200);

  await signIn(page, '1002', '/requestopened?ticket=12');
  await expect(detail(page).locator('[data-status]').first()).toHaveText(
    'Solicitação aberta - lista recebida',
  );
  const materials = detail(page).getByRole('region', { name: 'Lista de materiais' });
  await expect(materials.getByRole('table', { name: 'Materiais' })).toContainText('Cantoneira de aço');
  await expect(materials.getByRole('button', { name: 'Recusar' })).toBeVisible();
  await materials.getByRole('button', { name: 'Aceitar' }).click();
  await expect(detail(page).locator('[data-status]').first()).toHaveText('Solicitação aberta');
  await expect(materials.getByRole('button', { name: 'Aceitar' })).toHaveCount(0);
  await expect(materials.getByRole('button', { name: 'Recusar' })).toBeVisible();

  // The call's messages: Compras reads them and answers Infraestrutura from the purchase.
  await materials.getByRole('button', { name: 'Mensagens do chamado' }).click();
  const panel = page.getByTestId('call-panel');
  await expect(panel).toContainText('Cantoneira de aço');
  await panel.getByRole('textbox', { name: 'Mensagem' }).fill('Lista conferida, pode separar.');
  await panel.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(panel.getByTestId('call-answers')).toContainText('Lista conferida, pode separar.');
  await expect(panel.getByTestId('call-answers')).toContainText('Patrícia Souza Ramos');
  await page.getByRole('dialog').filter({ has: panel }).getByRole('button', { name: 'Fechar' }).click();
  await expect(panel).toBeHidden();
  await expect(detail(page)).toBeVisible();

  // Links between records (decision 0121): the call from the purchase, and back.
  await followCallLinks(
    page,
    { purchase: 12, callId: call_id, callText: 'Cantoneira de aço' },
    'purchases-call-link',
  );
});

test('João follows his requests on a phone: ticket, product and status in sight, no sideways scroll', {
  tag: '@phone',
}, async ({ page }) => {
  await signIn(page, '1003', '/requestopened?functionType=consultar');
  await expect(page.getByRole('heading', { name: 'Minhas Solicitações de Compra' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  for (const name of ['Ticket', 'Produto/Serviço', 'Status']) {
    await expect(table.getByRole('columnheader', { name })).toBeVisible();
  }
  const phone = (page.viewportSize()?.width ?? 0) <= 390;
  // On a phone only the columns that declare `phone: true` stay.
  await expect(table.getByRole('columnheader', { name: 'Quantidade' })).toHaveCount(phone ? 0 : 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await table.getByRole('row').nth(1).click();
  await expect(page.getByRole('dialog', { name: /Ticket de Número \d+/ })).toBeVisible();
  await page.screenshot({ path: `${test.info().outputDir}/purchases-phone-detail.png` });
  await page.keyboard.press('Escape');
  // On a phone the filter bar sits above the list, folded until Filtros is tapped.
  const bar = page.getByRole('complementary', { name: 'Filtros' });
  await expect(bar.getByRole('textbox', { name: 'Status' })).toBeVisible({ visible: !phone });
  if (phone) {
    await bar.getByRole('button', { name: /Filtros/ }).click();
    await expect(bar.getByRole('textbox', { name: 'Status' })).toBeVisible();
    await page.screenshot({ path: `${test.info().outputDir}/purchases-phone-filters.png` });
  }
});

test.describe('phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the received list keeps the status visible and the page does not scroll sideways', async ({
    page,
  }) => {
    await signIn(page, '1002', '/requestopened');
    await expect(page.getByRole('heading', { name: 'SOLICITAÇÕES DE COMPRAS' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Quantidade' })).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${test.info().outputDir}/purchases-phone-list.png`, fullPage: true });
  });

  test('the materials call and its purchase link to each other on a phone', async ({ page, request }) => {
    const token = await apiToken(request, '1002');
    const d = await request.get('/api/purchases/12', { headers: { authorization: `Bearer ${token}` } });
    const { call_id } = (await d.json()) as { call_id: number };
    await signIn(page, '1002', '/requestopened?ticket=12');
    ticket = 12;
    await followCallLinks(
      page,
      { purchase: 12, callId: call_id, callText: 'Cantoneira de aço' },
      'purchases-phone-call-link',
    );
  });

  test('the detail opens full screen with the comment editor and its toolbar in reach', async ({ page }) => {
    await signIn(page, '1002', `/requestopened?ticket=${ticket}`);
    const editor = detail(page).getByRole('textbox', { name: /^Comentar na etapa / });
    await editor.scrollIntoViewIfNeeded();
    await editor.click();
    await editor.pressSequentially('Conferir a ');
    await detail(page).getByRole('button', { name: 'Negrito' }).click();
    await editor.pressSequentially('medida da cantoneira');
    await expect(editor.locator('strong')).toHaveText('medida da cantoneira');
    for (const name of ['Itálico', 'Sublinhado', 'Tachado', 'Lista com marcadores', 'Citação', 'Link']) {
      await expect(detail(page).getByRole('button', { name, exact: true })).toBeVisible();
    }
    // Nothing in the dialog is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await editor.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${test.info().outputDir}/purchases-phone-editor.png` });
  });
});
