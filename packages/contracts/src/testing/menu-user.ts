import type { MenuUser } from '../home/home.policy.ts';
import { screensOf } from '../home/screens.policy.ts';
import type { HrDesks } from '../hr/hr.desks.ts';
import type { Actor } from '../roles.ts';

const person = (userId: number, name: string) => ({ userId, name });

/**
 * The demo company's approvers (README): jurídico 8, diretor 6 with 9 as his substitute (no
 * period), presidente 7; with user ids as the policy tables number the demo users.
 */
export const DEMO_DESKS: HrDesks = {
  rh: { approver: person(5, 'Fernanda'), substitute: null, from: null, to: null },
  juridico: { approver: person(8, 'Luiz'), substitute: null, from: null, to: null },
  diretor: { approver: person(6, 'Roberto'), substitute: person(9, 'Marcos'), from: null, to: null },
  presidente: { approver: person(7, 'Helena'), substitute: null, from: null, to: null },
};

/** A session user as the menus get him: his screens decided by their rules, as the server does. */
export function menuUser(
  a: Actor,
  facts: { desks?: HrDesks; today?: string; diretor?: boolean } = {},
): MenuUser {
  const desks = facts.desks ?? DEMO_DESKS;
  const diretor = facts.diretor ?? desks.diretor?.approver?.userId === a.userId;
  return { ...a, screens: screensOf({ ...a, desks, today: facts.today ?? '2026-05-10', diretor }) };
}
