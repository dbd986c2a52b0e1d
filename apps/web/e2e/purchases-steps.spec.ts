import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { apiToken, signIn, toasts } from './support/session.ts';

/**
 * Purchase steps seen on the detail (issue 32): a denial marks the stage it was made at; "Quem
 * retirou" offers the requester first, and says so when a search finds nobody.
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const detail = (page: Page, ticket: number) =>
  page.getByRole('dialog', { name: `Ticket de Número ${ticket}` });

/** A service request of João (1003), opened through the API; answers its ticket. */
async function openRequest(request: APIRequestContext, descript: string): Promise<number> {
  const joao = await apiToken(request, '1003');
  const opened = await request.post('/api/purchases', {
    headers: as(joao),
    multipart: {
      typerequest: 'servico',
      descript,
      justify: 'Serviço',
      justifyDescript: 'Pedido do turno',
      filial: 'Matriz',
      priority: '2',
    },
  });
  expect(opened.status()).toBe(200);
  return ((await opened.json()) as { id: number }).id;
}

async function fireAll(request: APIRequestContext, ticket: number, steps: [string, number, object?][]) {
  const patricia = await apiToken(request, '1002');
  for (const [action, from, extra] of steps) {
    const res = await request.post(`/api/purchases/${ticket}/transition`, {
      headers: as(patricia),
      data: { action, from, ...extra },
    });
    expect(res.status(), `${action} from ${from}`).toBe(200);
  }
}

test('denied at Em análise by Patrícia (user 2): the opening done, Em análise denied, nothing beyond', async ({
  page,
  request,
}) => {
  const ticket = await openRequest(request, 'Troca do vidro da portaria');
  await fireAll(request, ticket, [['analisar', 0]]);

  await signIn(page, '1002', `/requestopened?ticket=${ticket}`);
  await expect(detail(page, ticket).locator('[data-status]').first()).toHaveText('Em análise');
  await detail(page, ticket).getByRole('button', { name: 'Negar', exact: true }).click();
  await page.getByRole('dialog', { name: 'Confirmação' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toasts(page)).toContainText('Etapa atualizada!');
  await expect(detail(page, ticket).locator('[data-status]').first()).toHaveText('Negado');

  const stages = detail(page, ticket).getByRole('listitem');
  await expect(detail(page, ticket).locator('[data-state="denied"]')).toHaveAttribute(
    'data-stage',
    'analise',
  );
  await expect(detail(page, ticket).locator('[data-state="done"]')).toHaveCount(1);
  await expect(detail(page, ticket).locator('[data-state="done"]')).toHaveAttribute(
    'data-stage',
    'openRequest',
  );
  await expect(stages.nth(1)).toContainText('Negado');
  // Nothing the request never reached is shown as done or denied.
  await expect(detail(page, ticket).locator('[data-stage="awaitApprovalDirector"]')).toHaveAttribute(
    'data-state',
    'pending',
  );
  await expect(detail(page, ticket).locator('[data-stage="awaitQuot"]')).toHaveAttribute(
    'data-state',
    'pending',
  );
});

test('Quem retirou: João is offered first as the requester, an empty search says so, and he is recorded', async ({
  page,
  request,
}) => {
  const ticket = await openRequest(request, 'Conserto do portão');
  const patricia = await apiToken(request, '1002');
  await fireAll(request, ticket, [
    ['analisar', 0],
    ['pedirCotacao', 1],
  ]);
  const quote = await request.post('/api/insertCotacao', {
    headers: as(patricia),
    multipart: {
      ticket: String(ticket),
      fornecedor: 'Serralheria Mauá',
      prazoEntrega: '2026-12-15',
      valor: '300.00',
      contato: 'https://serralheria.example',
      canalType: 'Online',
    },
  });
  expect(quote.status()).toBe(200);
  const quoteId = ((await quote.json()) as { id: number }).id;
  await fireAll(request, ticket, [['enviarAprovacao', 2]]);
  const selected = await request.post(`/api/purchases/${ticket}/quote`, {
    headers: as(patricia),
    data: { cotac_id: quoteId },
  });
  expect(selected.status()).toBe(200);
  await fireAll(request, ticket, [
    ['aprovarGestor', 3],
    ['escolherComprador', 5, { buyer_id: '2' }],
    ['compraRealizada', 6],
    ['disponivel', 7],
  ]);

  await signIn(page, '1002', `/requestopened?ticket=${ticket}`);
  await expect(detail(page, ticket).locator('[data-status]').first()).toHaveText('Disponível para Retirada');
  await detail(page, ticket).getByRole('button', { name: 'Registrar Retirada', exact: true }).click();
  const pick = page.getByRole('dialog', { name: 'Quem retirou' });
  const rows = pick.getByRole('row');
  // The header, then João, marked as the requester, before the users of Compras.
  await expect(rows.nth(1)).toContainText('João Pedro da Silva');
  await expect(rows.nth(1)).toContainText('Solicitante');
  await expect(rows.nth(1)).toContainText('1003');
  await expect(pick.getByRole('row', { name: /Patrícia Souza Ramos/ })).toBeVisible();

  const search = pick.getByRole('textbox', { name: 'Matrícula ou nome' });
  await search.fill('ninguém');
  await expect(pick.getByRole('status')).toHaveText('Nenhum usuário encontrado.');
  await expect(rows).toHaveCount(1);
  await search.fill('joao');
  await expect(pick.getByRole('status')).toHaveCount(0);
  await pick
    .getByRole('row', { name: /João Pedro da Silva/ })
    .getByRole('button', { name: 'Escolher' })
    .click();

  await expect(detail(page, ticket).locator('[data-status]').first()).toHaveText('Solicitação Finalizada');
  await expect(detail(page, ticket).getByRole('region', { name: 'Fluxo do Atendimento' })).toContainText(
    'Retirado por: João Pedro da Silva',
  );
});
