import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { insertQuoteFields, openRequestBody } from './purchases.schemas.ts';
import {
  approverAfter,
  DENIABLE_STATUSES,
  deniedPosition,
  findPurchaseTransition,
  managerMayApprove,
  PURCHASE_STAGES,
  PURCHASE_TRANSITIONS,
  purchaseStatusLabel,
  purchaseStatusText,
  purchaseTimeline,
} from './purchases.workflow.ts';

describe('purchase status table (spec §4)', () => {
  it.each([
    [0, 'Solicitação aberta'],
    [1, 'Em análise'],
    [2, 'Aguardando Cotação'],
    [3, 'Aguardando aprovação Gestor'],
    [4, 'Aguardando aprovação Diretor'],
    [5, 'Aprovado'],
    [6, 'Em Processo de Compra'],
    [7, 'Compra Realizada'],
    [8, 'Disponível para Retirada'],
    [9, 'Solicitação Finalizada'],
    [10, 'Negado'],
    [20, 'Redirecionado'],
    [21, 'Lista enviada'],
  ])('%i is %s', (status, label) => {
    expect(purchaseStatusLabel(status)).toBe(label);
  });

  it('has the ten stages in the spec order', () => {
    expect(PURCHASE_STAGES.map((s) => s.key)).toEqual([
      'openRequest',
      'analise',
      'awaitQuot',
      'awaitapprovalManager',
      'awaitApprovalDirector',
      'resultApproval',
      'buyProcess',
      'buyOk',
      'available',
      'fineshed',
    ]);
  });

  it('appends the materials text for call statuses 20–22 only', () => {
    expect(purchaseStatusText(0, 20)).toBe('Solicitação aberta - aguardando lista de materiais');
    expect(purchaseStatusText(0, 21)).toBe('Solicitação aberta - lista recebida');
    expect(purchaseStatusText(0, 22)).toBe('Solicitação aberta - aguardando lista de materiais');
    expect(purchaseStatusText(0, 23)).toBe('Solicitação aberta');
    expect(purchaseStatusText(1, null)).toBe('Em análise');
  });

  it.each([
    ['analisar', [0], 1, 'Próxima Etapa'],
    ['pedirCotacao', [1], 2, 'Próxima Etapa'],
    ['negarAnalise', [1], 10, 'Negar'],
    ['enviarAprovacao', [2], 3, 'Enviar para aprovação'],
    ['encaminhar', [3], 4, 'Encaminhar'],
    ['aprovarGestor', [3], 5, 'Aprovar'],
    ['negarGestor', [3], 10, 'Negar'],
    ['aprovarDiretor', [4], 5, 'Aprovado'],
    ['negarDiretor', [4], 10, 'Negado'],
    ['escolherComprador', [5], 6, 'Escolher comprador'],
    ['compraRealizada', [6], 7, 'Próxima Etapa'],
    ['disponivel', [7], 8, 'Próxima Etapa'],
    ['registrarRetirada', [8], 9, 'Registrar Retirada'],
  ])('%s: %j → %i (%s)', (key, from, to, label) => {
    const t = findPurchaseTransition(key);
    expect(t).toMatchObject({ from, to, label });
  });

  it('never leaves 9 or 10', () => {
    expect(PURCHASE_TRANSITIONS.some((t) => t.from.some((s) => s >= 9))).toBe(false);
  });

  it('sets aprovall_id only on the moves to 4 or 5 (and on a denial)', () => {
    for (const t of PURCHASE_TRANSITIONS) {
      const expected = t.to === 4 || t.to === 5 || t.to === 10 ? 7 : null;
      expect([t.key, approverAfter(t, 7)]).toEqual([t.key, expected]);
    }
  });
});

describe('manager threshold R$ 500,00 (spec §4, §9)', () => {
  it.each([
    [49_999, false, true],
    [50_000, false, true],
    [50_001, false, false],
    [50_000, true, false],
    [100, true, false],
  ])('%i centavos, in quote %s → approves %s', (centavos, inQuote, ok) => {
    expect(managerMayApprove(centavos, inQuote)).toBe(ok);
  });
  it('no selected quote: never', () => {
    expect(managerMayApprove(null, false)).toBe(false);
  });
});

describe('denied timeline position: the stage it was denied at (issue 32)', () => {
  it('the denials are made at Em análise, Aguardando aprovação Gestor and Diretor', () => {
    expect(DENIABLE_STATUSES).toEqual([1, 3, 4]);
  });

  it.each([
    [1, 1],
    [3, 3],
    [4, 4],
    // Not a stage a denial is made at, or not known: the decision's result.
    [2, 5],
    [0, 5],
    [null, 5],
  ])('denied from %s → position %i', (from, pos) => {
    expect(deniedPosition(from)).toBe(pos);
  });

  it('denied at Em análise: only the opening is done, Em análise is denied', () => {
    const stages = purchaseTimeline(10, 1, null).map((s) => s.state);
    expect(stages).toEqual(['done', 'denied', ...Array(8).fill('pending')]);
  });

  it('denied by the director: stages 0–3 done, Aguardando aprovação Diretor denied', () => {
    const stages = purchaseTimeline(10, 4, null);
    expect(stages.find((s) => s.state === 'denied')?.label).toBe('Aguardando aprovação Diretor');
    expect(stages.map((s) => s.state)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'denied',
      ...Array(5).fill('pending'),
    ]);
  });

  it('shows nothing active while awaiting infrastructure', () => {
    for (const call of [20, 21, 22, 23]) {
      expect(purchaseTimeline(0, null, call).every((s) => s.state === 'pending')).toBe(true);
    }
    expect(purchaseTimeline(0, null, null)[0]?.state).toBe('current');
  });

  it('marks stages beyond which the status is as done', () => {
    expect(purchaseTimeline(3, null, null).map((s) => s.state)).toEqual([
      'done',
      'done',
      'done',
      'current',
      ...Array(6).fill('pending'),
    ]);
    expect(purchaseTimeline(9, 6, null).every((s) => s.state === 'done')).toBe(true);
  });
});

describe('open request body (spec §5)', () => {
  it('lists every missing label, as the screen labels it, once; each field says only that it is required', () => {
    const r = openRequestBody.safeParse({ typerequest: 'compra', qnt: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path[0] ?? '', i.message])).toEqual([
      [
        '',
        `${MSG.fillRequired} Produto, Justificativa, Descrição da justificativa, Prioridade, Unidade de destino`,
      ],
      ['descript', MSG.fieldRequired],
      ['justify', MSG.fieldRequired],
      ['justifyDescript', MSG.fieldRequired],
      ['priority', MSG.fieldRequired],
      ['filial', MSG.fieldRequired],
    ]);
    const service = openRequestBody.safeParse({ typerequest: 'servico', justify: 'Serviço' });
    expect(service.error?.issues[0]?.message).toBe(
      `${MSG.fillRequired} Serviço, Descrição da justificativa, Prioridade, Unidade de destino`,
    );
  });

  it('reads a form (text fields) into numbers and a branch as typed (the server reads its stored name)', () => {
    const r = openRequestBody.parse({
      typerequest: 'servico',
      descript: 'Pintura',
      qnt: '2',
      justify: 'Serviço',
      justifyDescript: 'Parede descascada',
      estimaVal: '1234.5',
      filial: 'Mauá',
      priority: '1',
    });
    expect(r).toMatchObject({ qnt: 2, estimaVal: 1234.5, filial: 'Mauá', priority: 1, link: null });
  });

  it.each(['12,50', 'abc', '1.234'])('refuses the amount %s', (v) => {
    const r = openRequestBody.safeParse({
      typerequest: 'compra',
      descript: 'x',
      justify: 'Outros',
      justifyDescript: 'y',
      filial: 'Matriz',
      priority: 2,
      estimaVal: v,
    });
    expect(r.success).toBe(false);
  });
});

describe('quote fields (spec §5)', () => {
  it('requires every field, each saying what it needs', () => {
    const r = insertQuoteFields.safeParse({
      ticket: '1',
      fornecedor: '',
      valor: '',
      contato: '',
      canalType: 'Online',
    });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['fornecedor', 'Informe o fornecedor.'],
      ['valor', 'Informe um valor maior que zero.'],
      ['contato', 'Informe o contato.'],
      ['prazoEntrega', 'Informe o prazo de entrega.'],
    ]);
  });
  it('takes the value as a decimal', () => {
    const r = insertQuoteFields.parse({
      ticket: '1',
      fornecedor: 'Loja',
      valor: '500.01',
      contato: 'https://loja.example',
      canalType: 'Fisica',
      prazoEntrega: '2026-12-01',
    });
    expect(r.valor).toBe(500.01);
  });
});
