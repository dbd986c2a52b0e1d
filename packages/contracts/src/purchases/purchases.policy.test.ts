import { describe, expect, it } from 'vitest';
import { SECTOR_ROLE_LABEL as SECTOR } from '../roles.ts';
import { specRoleOf } from '../testing/actor.ts';
import { PURCHASE_MSG } from './purchases.messages.ts';
import {
  awaitsApprovalOf,
  canCancelPurchase,
  canEditQuotes,
  canFirePurchaseTransition,
  canRequestMaterials,
  canSeePurchase,
  canSelectQuote,
  canToggleInQuote,
  mayBeRecordedAsPicker,
  ownRequestRefusal,
  type PurchaseActor,
  type PurchaseFacts,
  purchaseAbilities,
  unmetRequirement,
} from './purchases.policy.ts';
import { findPurchaseTransition, PURCHASE_TRANSITIONS } from './purchases.workflow.ts';

const user = (
  userId: number,
  privilegio: number,
  suport: number,
  sectors: string[],
  extra: Partial<PurchaseActor> = {},
) =>
  ({
    userId,
    privilegio,
    suport,
    admin: 0,
    setor: sectors.map((sector) => ({ sector, role: specRoleOf(sector) })),
    diretor: false,
    ...extra,
  }) as PurchaseActor;

/** The demo company's roles, as the purchases flow meets them. */
const ROLES = {
  requester: user(3, 3, 0, [SECTOR.operacao]),
  compras: user(2, 2, 1, [SECTOR.compras]),
  comprasColab: user(10, 3, 1, [SECTOR.compras]),
  gestorDoSetor: user(11, 2, 1, [SECTOR.operacao]),
  gestorOutro: user(9, 2, 1, [SECTOR.multas]),
  diretor: user(6, 2, 1, [SECTOR.estoque], { diretor: true }),
  admin: user(1, 1, 1, [SECTOR.ti], { admin: 1 }),
  outro: user(8, 3, 0, [SECTOR.rh]),
} as const;
type Role = keyof typeof ROLES;

const request = (status: number, extra: Partial<PurchaseFacts> = {}): PurchaseFacts => ({
  userId: 3,
  requesterSectors: [SECTOR.operacao],
  status,
  selectedQuoteCentavos: 30_000,
  quoteCount: 2,
  inQuote: false,
  ...extra,
});

/** Who may fire each transition (status aside): the table the spec's buttons read. */
const ALLOWED: Record<string, Role[]> = {
  analisar: ['compras', 'comprasColab', 'admin'],
  pedirCotacao: ['compras', 'comprasColab', 'admin'],
  negarAnalise: ['compras', 'gestorDoSetor', 'admin'],
  enviarAprovacao: ['compras', 'comprasColab', 'admin'],
  encaminhar: ['compras', 'gestorDoSetor', 'admin'],
  aprovarGestor: ['compras', 'gestorDoSetor', 'admin'],
  negarGestor: ['compras', 'gestorDoSetor', 'admin'],
  aprovarDiretor: ['diretor', 'admin'],
  negarDiretor: ['diretor', 'admin'],
  escolherComprador: ['compras', 'comprasColab', 'admin'],
  compraRealizada: ['compras', 'comprasColab', 'gestorDoSetor', 'admin'],
  disponivel: ['compras', 'comprasColab', 'gestorDoSetor', 'admin'],
  registrarRetirada: ['compras', 'comprasColab', 'admin'],
};

const STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe('purchase transitions: transition × role × status', () => {
  const cases = PURCHASE_TRANSITIONS.flatMap((t) =>
    (Object.keys(ROLES) as Role[]).flatMap((role) =>
      STATUSES.map((status) => ({
        key: t.key,
        role,
        status,
        allowed: (t.from as readonly number[]).includes(status) && (ALLOWED[t.key] ?? []).includes(role),
      })),
    ),
  );
  it.each(cases)('$key as $role at $status → $allowed', ({ key, role, status, allowed }) => {
    const t = findPurchaseTransition(key);
    if (!t) throw new Error(key);
    expect(canFirePurchaseTransition(ROLES[role], request(status), t)).toBe(allowed);
  });
});

describe('visibility', () => {
  it.each([
    ['requester', true],
    ['compras', true],
    ['comprasColab', true],
    ['gestorDoSetor', true],
    ['gestorOutro', false],
    ['diretor', true],
    ['admin', true],
    ['outro', false],
  ] as [Role, boolean][])('%s sees a request of Operação: %s', (role, seen) => {
    expect(canSeePurchase(ROLES[role], request(0))).toBe(seen);
  });
});

describe('buttons', () => {
  it('Cancelar only for the requester at status 0', () => {
    expect(canCancelPurchase(ROLES.requester, request(0))).toBe(true);
    expect(canCancelPurchase(ROLES.requester, request(1))).toBe(false);
    expect(canCancelPurchase(ROLES.compras, request(0))).toBe(false);
  });

  it('Selecionar Cotação at 3, level below 3', () => {
    expect(canSelectQuote(ROLES.compras, request(3))).toBe(true);
    expect(canSelectQuote(ROLES.comprasColab, request(3))).toBe(false);
    expect(canSelectQuote(ROLES.compras, request(2))).toBe(false);
  });

  it.each([
    [49_999, true],
    [50_000, true],
    [50_001, false],
  ])('Aprovar at the manager with a quote of %i centavos: %s', (centavos, offered) => {
    const r = request(3, { selectedQuoteCentavos: centavos });
    expect(purchaseAbilities(ROLES.compras, r).transitions.includes('aprovarGestor')).toBe(offered);
    expect(purchaseAbilities(ROLES.compras, r).transitions.includes('encaminhar')).toBe(true);
  });

  it('no Aprovar while the request is in quote', () => {
    const r = request(3, { selectedQuoteCentavos: 100, inQuote: true });
    expect(purchaseAbilities(ROLES.compras, r).transitions).not.toContain('aprovarGestor');
  });

  it('stage 3 does not move without a selected quote', () => {
    const t = findPurchaseTransition('encaminhar');
    if (!t) throw new Error('encaminhar');
    expect(unmetRequirement(request(3, { selectedQuoteCentavos: null }), t)).toBe(
      'Selecione uma cotação para prosseguir.',
    );
  });

  it('the requester gets no workflow button', () => {
    for (const s of STATUSES) expect(purchaseAbilities(ROLES.requester, request(s)).transitions).toEqual([]);
  });
});

describe('segregation of duties: nobody acts as staff on a request he opened', () => {
  const own = (u: PurchaseActor, status: number, extra: Partial<PurchaseFacts> = {}) =>
    request(status, { userId: u.userId, requesterSectors: u.setor.map((s) => s.sector), ...extra });

  it.each(['compras', 'gestorDoSetor', 'diretor', 'admin'] as const)(
    '%s fires no transition and touches no quote of his own request, at any status',
    (role) => {
      const u = ROLES[role];
      for (const s of STATUSES) {
        const r = own(u, s, { selectedQuoteCentavos: 100, quoteCount: 1 });
        const fired = PURCHASE_TRANSITIONS.filter((t) => canFirePurchaseTransition(u, r, t)).map(
          (t) => t.key,
        );
        expect(
          fired.filter((k) => k !== 'registrarRetirada'),
          `status ${s}`,
        ).toEqual([]);
        expect(canSelectQuote(u, r)).toBe(false);
        expect(canEditQuotes(u, r)).toBe(false);
        expect(canToggleInQuote(u, r)).toBe(false);
        expect(canRequestMaterials(u, r)).toBe(false);
        expect(awaitsApprovalOf(u, r)).toBe(false);
      }
    },
  );

  it('the same steps stay his on anyone else’s request', () => {
    const r = request(3, { selectedQuoteCentavos: 100 });
    expect(canSelectQuote(ROLES.compras, r)).toBe(true);
    expect(awaitsApprovalOf(ROLES.compras, r)).toBe(true);
    expect(purchaseAbilities(ROLES.compras, r).ownRequestNote).toBeNull();
  });

  it('a requester in Compras may still record that he picked his own items up', () => {
    const t = findPurchaseTransition('registrarRetirada');
    if (!t) throw new Error('registrarRetirada');
    expect(canFirePurchaseTransition(ROLES.compras, own(ROLES.compras, 8), t)).toBe(true);
  });

  it('the refusal says why; the screen says who acts instead', () => {
    expect(ownRequestRefusal(ROLES.compras, own(ROLES.compras, 3), 'aprovarGestor')).toBe(
      PURCHASE_MSG.ownRequest,
    );
    expect(ownRequestRefusal(ROLES.compras, request(3), 'aprovarGestor')).toBeUndefined();
    expect(purchaseAbilities(ROLES.compras, own(ROLES.compras, 3)).ownRequestNote).toBe(
      PURCHASE_MSG.ownRequestManager,
    );
    expect(purchaseAbilities(ROLES.diretor, own(ROLES.diretor, 4)).ownRequestNote).toBe(
      PURCHASE_MSG.ownRequestDirector,
    );
    expect(purchaseAbilities(ROLES.compras, own(ROLES.compras, 0)).ownRequestNote).toBe(
      PURCHASE_MSG.ownRequestStaff,
    );
    // A Colaborador's own request: nothing of it would be his to do anyway.
    expect(purchaseAbilities(ROLES.requester, request(3)).ownRequestNote).toBeNull();
  });
});

describe('Quem retirou (issue 32): the requester or a user of Compras', () => {
  it.each([
    ['the requester himself, not in Compras', { id: 3, inCompras: false }, true],
    ['a user of Compras', { id: 2, inCompras: true }, true],
    ['the requester who is also in Compras', { id: 3, inCompras: true }, true],
    ['anyone else', { id: 9, inCompras: false }, false],
  ])('%s → %s', (_name, candidate, ok) => {
    expect(mayBeRecordedAsPicker({ userId: 3 }, candidate)).toBe(ok);
  });
});
