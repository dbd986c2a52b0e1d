import {
  CALL_STATUS,
  PURCHASE_STAGES,
  PURCHASE_STATUS,
  purchaseStatusLabel,
  toCentavos,
} from '@intranet/contracts';
import type { Tx } from '../db/database.ts';
import { insertPurchase } from '../modules/purchases/purchases.queries.ts';
import { DEMO_USERS } from './demo-data.ts';

interface DemoPurchase {
  requester: string;
  typerequest: 'compra' | 'servico';
  descript: string;
  qnt: number;
  justify: string;
  justifyDescript: string;
  estimaVal: number | null;
  priority: number;
  filial: 'Matriz' | 'Maua';
  link: string | null;
  status: number;
  /** Quotes as [fornecedor, reais, canal]; the first is the selected one from stage 3 on. */
  quotes?: [string, number, 'Online' | 'Fisica'][];
  /** Who denied (status 10) or approved. */
  approver?: string;
}

const Q_LOW: DemoPurchase['quotes'] = [
  ['Papelaria Central', 289.9, 'Online'],
  ['Kalunga', 312.5, 'Online'],
];
const Q_HIGH: DemoPurchase['quotes'] = [
  ['Dell Store', 4899, 'Online'],
  ['Info Mauá', 5120, 'Fisica'],
];

/**
 * The demo purchase requests: one in every status of the workflow (ids 1–11 are statuses 0–10, so
 * tests and the authorisation matrix can name them; quotes from status 2 on, ids 1–2 on request 3),
 * and request 12 at stage 0 waiting for a
 * materials list from Infraestrutura (its call at status 20).
 */
export const DEMO_PURCHASES: DemoPurchase[] = [
  ...[
    [
      '1008',
      'compra',
      'Luvas de proteção nitrílicas',
      50,
      'Reposição de insumo',
      'Estoque de EPI acabando',
      150,
      1,
      'Maua',
    ],
    ['1008', 'compra', 'Cadeira ergonômica', 1, 'Novo ativo', 'Novo analista no RH', 900, 2, 'Matriz'],
    [
      '1003',
      'compra',
      'Papel A4 (caixa com 10 resmas)',
      3,
      'Reposição de insumo',
      'Consumo do mês',
      300,
      3,
      'Maua',
    ],
    [
      '1003',
      'compra',
      'Toner para impressora da expedição',
      2,
      'Reposição de insumo',
      'Impressora parada',
      300,
      1,
      'Maua',
    ],
    ['1004', 'compra', 'Notebook para o suporte', 1, 'Novo ativo', 'Atendimento em campo', 5000, 2, 'Matriz'],
    [
      '1009',
      'compra',
      'Arquivo de aço 4 gavetas',
      1,
      'Novo ativo',
      'Processos de multas em papel',
      300,
      3,
      'Maua',
    ],
    ['1003', 'compra', 'Monitor 24 polegadas', 2, 'Novo ativo', 'Estação de conferência', 5000, 2, 'Maua'],
    ['1008', 'compra', 'Fones com microfone', 4, 'Novo insumo', 'Entrevistas online', 300, 3, 'Matriz'],
    ['1003', 'compra', 'Carrinho de carga', 1, 'Novo ativo', 'Movimentação no armazém', 300, 2, 'Maua'],
    ['1004', 'servico', 'Manutenção do nobreak', 1, 'Serviço', 'Revisão anual', 300, 2, 'Matriz'],
    ['1003', 'compra', 'Cafeteira expresso', 1, 'Outros', 'Copa da expedição', 5000, 3, 'Maua'],
  ].map(
    (
      [requester, typerequest, descript, qnt, justify, justifyDescript, estimaVal, priority, filial],
      status,
    ) =>
      ({
        requester,
        typerequest,
        descript,
        qnt,
        justify,
        justifyDescript,
        estimaVal,
        priority,
        filial,
        link: typerequest === 'compra' ? 'https://loja.example/produto' : null,
        status,
        quotes: status >= 2 ? ((estimaVal as number) > 500 ? Q_HIGH : Q_LOW) : undefined,
        approver:
          status === 10
            ? '1002'
            : status >= 4 && status < 10
              ? (estimaVal as number) > 500
                ? '1006'
                : '1002'
              : undefined,
      }) as DemoPurchase,
  ),
  {
    requester: '1009',
    typerequest: 'servico',
    descript: 'Instalação de prateleiras no arquivo',
    qnt: 1,
    justify: 'Serviço',
    justifyDescript: 'Arquivo sem espaço',
    estimaVal: null,
    priority: 2,
    filial: 'Maua',
    link: null,
    status: PURCHASE_STATUS.aberta,
  },
];

/** Seeds the demo requests with quotes, flow names and history (inside the demo transaction). */
export async function seedDemoPurchases(tx: Tx, idOf: (matricula: string) => number): Promise<void> {
  const userOf = (matricula: string) => DEMO_USERS.find((u) => u.matricula === matricula)!;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const compras = idOf('1002');
  for (const [i, p] of DEMO_PURCHASES.entries()) {
    const requester = userOf(p.requester);
    const created = at(30 - i * 2);
    const reached = (s: number) => p.status !== PURCHASE_STATUS.negado && p.status >= s;
    const id = await insertPurchase(
      tx,
      {
        typerequest: p.typerequest,
        descript: p.descript,
        qnt: p.qnt,
        justify: p.justify,
        justify_descript: p.justifyDescript,
        supply_type: p.justify === 'Reposição de insumo' ? 'Preventiva' : null,
        estima_val: p.estimaVal === null ? null : toCentavos(p.estimaVal),
        priority: p.priority,
        filial: p.filial,
        obs: null,
        link: p.link,
        status: p.status,
        material_sol: i === 11 ? 1 : 0,
        in_quote: 0,
        user_id: idOf(p.requester),
        nome_usuario: requester.nome,
        matricula_usuario: requester.matricula,
        setores_usuario: requester.sectors.join(', '),
        setor_usuario: requester.sectors[0] ?? null,
        call_id: null,
        atendente_id: p.status >= 1 ? compras : null,
        quoter_id: reached(3) || (p.status === 10 && p.quotes) ? compras : null,
        buyer_id: reached(6) ? compras : null,
        picker_id: reached(9) ? compras : null,
        aprovall_id: p.approver ? idOf(p.approver) : null,
        // The demo's denials are the manager's (negarGestor, in the history below).
        denied_from: p.status === PURCHASE_STATUS.negado ? PURCHASE_STATUS.aprovacaoGestor : null,
        cotac_id: null,
        created_at: created,
        updated_at: created,
      },
      requester.sectors,
    );
    if (p.quotes) {
      const quotes = await tx
        .insertInto('purchase_quotes')
        .values(
          p.quotes.map(([fornecedor, reais, canal], k) => ({
            request_id: id,
            fornecedor,
            prazo: at(-(7 + k * 3)).slice(0, 10),
            valor: toCentavos(reais),
            contato:
              canal === 'Online'
                ? `https://${fornecedor.toLowerCase().replace(/\W+/g, '')}.example`
                : '(11) 4000-0000',
            canal_type: canal,
            file_id: null,
            created_by: compras,
            created_at: created,
          })),
        )
        .returning('id')
        .execute();
      if (p.status >= 3) {
        await tx
          .updateTable('purchase_requests')
          .set({ cotac_id: quotes[0]!.id })
          .where('id', '=', id)
          .execute();
      }
    }
    if (i === 11) {
      const call = await tx
        .insertInto('calls')
        .values({
          problema: 'Instalação',
          dep: 'Infraestrutura',
          descricao: `Lista de materiais para uma solicitação de compra: ${p.descript}`,
          filial: p.filial,
          status: CALL_STATUS.materiaisPendentes,
          user_id: compras,
          nome_usuario: userOf('1002').nome,
          matricula_usuario: '1002',
          setores_usuario: userOf('1002').sectors.join(', '),
          suporte_id: null,
          nome_suporte: null,
          matricula_suporte: null,
          request_id: id,
          created_at: created,
          updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.updateTable('purchase_requests').set({ call_id: call.id }).where('id', '=', id).execute();
    }
    // The history of how it got here, one audit row per stage.
    const steps = PURCHASE_STAGES.filter((s) => s.status > 0 && reached(s.status)).map((s) => s.status);
    await tx
      .insertInto('audit_log')
      .values([
        {
          user_id: idOf(p.requester),
          action: 'purchase.open',
          entity: 'purchase',
          entity_id: String(id),
          summary: `Solicitação aberta: ${p.descript}`,
          created_at: created,
        },
        ...steps.map((s) => ({
          user_id: s === 4 || s === 5 ? idOf(p.approver ?? '1002') : compras,
          action: 'purchase.demo',
          entity: 'purchase',
          entity_id: String(id),
          summary: `${purchaseStatusLabel(s - 1)} → ${purchaseStatusLabel(s)}`,
          created_at: created,
        })),
        ...(p.status === PURCHASE_STATUS.negado
          ? [
              {
                user_id: idOf(p.approver ?? '1002'),
                action: 'purchase.negarGestor',
                entity: 'purchase',
                entity_id: String(id),
                summary: `Negar: ${purchaseStatusLabel(3)} → ${purchaseStatusLabel(10)}`,
                created_at: created,
              },
            ]
          : []),
      ])
      .execute();
  }
}
