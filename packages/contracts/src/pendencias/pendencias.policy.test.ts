import { describe, expect, it } from 'vitest';
import type { HrRequestFacts } from '../hr/hr.policy.ts';
import type { PurchaseFacts } from '../purchases/purchases.policy.ts';
import { actor } from '../testing/actor.ts';
import { pendenciaLine } from './pendencias.lines.ts';
import {
  type CallInboxFacts,
  fineWaitFor,
  invitationWaitFor,
  type PendenciasActor,
  pendenciasEventConcerns,
  purchaseWaitFor,
  ticketWaitFor,
} from './pendencias.policy.ts';

const today = '2026-11-29';
const as = (overrides: Parameters<typeof actor>[0], diretor = false): PendenciasActor => ({
  ...actor(overrides),
  diretor,
  desks: {},
  today,
});

const ti = as({ userId: 2, suport: 1, sectors: ['Tecnologia de Informação'] });
const compras = as({ userId: 3, suport: 1, privilegio: 2, sectors: ['Compras'] });
const colaborador = as({ userId: 4 });
const multas = as({ userId: 5, sectors: ['Gestão de Multas'] });
const director = as({ userId: 6, privilegio: 2 }, true);

const call = (f: Partial<CallInboxFacts>): CallInboxFacts => ({
  userId: 4,
  dep: 'Tecnologia de Informacao',
  status: 0,
  requestId: null,
  ...f,
});

describe('ticketWaitFor: the call waits for its next action', () => {
  it.each([
    ['TI support, a TI call nobody took', ti, call({}), 'atender'],
    ['TI support, a TI call taken', ti, call({ status: 1 }), null],
    ['HR-less colaborador, a TI call', colaborador, call({ userId: 9 }), null],
    [
      'its requester, answered by someone else',
      colaborador,
      call({ status: 1, lastAnswerBy: 2 }),
      'responder',
    ],
    [
      'its requester, answered by a removed user',
      colaborador,
      call({ status: 1, lastAnswerBy: null }),
      'responder',
    ],
    ['its requester, who wrote last', colaborador, call({ status: 1, lastAnswerBy: 4 }), null],
    ['its requester, no message yet', colaborador, call({ status: 1 }), null],
    ['its requester, finalised', colaborador, call({ status: 3, lastAnswerBy: 2 }), null],
    [
      'Compras, its own materials call with the list sent',
      compras,
      call({ userId: 3, status: 21, requestId: 7 }),
      'aceitarMateriais',
    ],
    ['Compras, a colleague’s materials call', compras, call({ userId: 8, status: 21, requestId: 7 }), null],
  ] as const)('%s', (_name, u, c, wait) => {
    expect(ticketWaitFor(u, c)).toBe(wait);
  });
});

const request = (f: Partial<PurchaseFacts>): PurchaseFacts => ({
  userId: 4,
  requesterSectors: ['Operação'],
  status: 0,
  selectedQuoteCentavos: null,
  quoteCount: 0,
  inQuote: false,
  ...f,
});

describe('purchaseWaitFor: the request waits for whoever may fire its next step', () => {
  it.each([
    [0, compras, 'analisar'],
    [1, compras, 'pedirCotacao'],
    [2, compras, 'enviarAprovacao'],
    [3, compras, 'encaminhar'],
    [4, director, 'aprovarDiretor'],
    [5, compras, 'escolherComprador'],
    [8, compras, 'registrarRetirada'],
  ] as const)('status %i → %s', (status, u, key) => {
    expect(purchaseWaitFor(u, request({ status }))?.key).toBe(key);
    expect(purchaseWaitFor(colaborador, request({ status }))).toBeNull();
  });

  it('a finished or denied request waits for nobody; a manager does not deny at analysis as a step', () => {
    for (const status of [9, 10]) expect(purchaseWaitFor(compras, request({ status }))).toBeNull();
    const manager = as({ userId: 7, privilegio: 2, sectors: ['Operação'] });
    expect(purchaseWaitFor(manager, request({ status: 1 }))).toBeNull();
    expect(purchaseWaitFor(manager, request({ status: 3 }))?.key).toBe('encaminhar');
  });

  it('never his own request, but his own pickup', () => {
    expect(purchaseWaitFor(compras, request({ userId: 3, status: 0 }))).toBeNull();
    expect(purchaseWaitFor(compras, request({ userId: 3, status: 8 }))?.key).toBe('registrarRetirada');
  });
});

describe('fineWaitFor and invitationWaitFor', () => {
  const fine = (
    due: string | null,
    paymentStatus: string | null = 'À Vencer',
    paidOn: string | null = null,
  ) => ({
    due,
    paymentStatus,
    paidOn,
  });
  it('a fine not paid due from today to seven days ahead waits for Gestão de Multas', () => {
    expect(fineWaitFor(multas, fine('2026-11-29'), today)).toBe(true);
    expect(fineWaitFor(multas, fine('2026-12-06'), today)).toBe(true);
    expect(fineWaitFor(multas, fine('2026-12-07'), today)).toBe(false);
    expect(fineWaitFor(multas, fine('2026-11-28'), today)).toBe(false);
    expect(fineWaitFor(multas, fine(null), today)).toBe(false);
    expect(fineWaitFor(multas, fine('2026-12-01', 'Pagamento Realizado'), today)).toBe(false);
    expect(fineWaitFor(multas, fine('2026-12-01', null, '2026-11-20'), today)).toBe(false);
    expect(fineWaitFor(colaborador, fine('2026-12-01'), today)).toBe(false);
  });
  it('an invitation waits for the person invited until seen, for events today or ahead', () => {
    const inv = { userId: 4, seen: false, eventDate: today, deleted: false };
    expect(invitationWaitFor(colaborador, inv, today)).toBe(true);
    expect(invitationWaitFor(colaborador, { ...inv, seen: true }, today)).toBe(false);
    expect(invitationWaitFor(colaborador, { ...inv, deleted: true }, today)).toBe(false);
    expect(invitationWaitFor(colaborador, { ...inv, eventDate: '2026-11-28' }, today)).toBe(false);
    expect(invitationWaitFor(ti, inv, today)).toBe(false);
  });
});

describe('pendenciasEventConcerns: who a write tells, by the same rules', () => {
  it('a new request tells Compras, not the others; its move to stage 4 tells the director', () => {
    const opened = { kind: 'purchase' as const, facts: [request({})] };
    expect(pendenciasEventConcerns(compras, opened)).toBe(true);
    expect(pendenciasEventConcerns(ti, opened)).toBe(false);
    const forwarded = { kind: 'purchase' as const, facts: [request({ status: 3 }), request({ status: 4 })] };
    expect(pendenciasEventConcerns(director, forwarded)).toBe(true);
    expect(pendenciasEventConcerns(compras, forwarded)).toBe(true);
    expect(pendenciasEventConcerns(colaborador, forwarded)).toBe(false);
  });
  it('fines tell Gestão de Multas; invitations tell the people named', () => {
    expect(pendenciasEventConcerns(multas, { kind: 'fine' })).toBe(true);
    expect(pendenciasEventConcerns(ti, { kind: 'fine' })).toBe(false);
    expect(pendenciasEventConcerns(ti, { kind: 'event', userIds: [2] })).toBe(true);
    expect(pendenciasEventConcerns(colaborador, { kind: 'event', userIds: [2] })).toBe(false);
  });
  it('an HR stage tells whoever decides it', () => {
    const rh = as({ userId: 11, sectors: ['Recursos Humanos'] });
    const hr: HrRequestFacts = { requesterId: 4, subjectIds: [], path: [0, 1, 3, 5], status: 0 };
    expect(pendenciasEventConcerns(rh, { kind: 'hr', facts: [hr] })).toBe(true);
    expect(pendenciasEventConcerns(ti, { kind: 'hr', facts: [hr] })).toBe(false);
  });
});

describe('pendenciaLine', () => {
  it('says what it is, the action and the address its module opens it by', () => {
    expect(pendenciaLine({ kind: 'purchase', id: 12, since: 'x', status: 0, subject: 'Pneus' })).toEqual({
      kind: 'purchase',
      id: 12,
      since: 'x',
      title: 'Solicitação de compra 12 · Pneus',
      action: 'Analisar a solicitação',
      href: '/requestopened?ticket=12',
    });
    expect(
      pendenciaLine({ kind: 'fine', id: 3, since: '2026-12-01', auto: 'A 1/2', plate: 'ABC1D23' }),
    ).toMatchObject({
      title: 'Multa A 1/2 · ABC1D23',
      action: 'Pagar até 01/12/2026',
      href: '/managerFines?NUMERO_AUTO=A%201%2F2',
    });
  });
});
