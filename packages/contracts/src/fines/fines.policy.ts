import { type Actor, hasRole, isAdmin } from '../roles.ts';

/**
 * Who sees and changes fines (the spec does not say; decision 0069): the members of
 * Gestão de Multas and administrators. Nobody else reads them: fines carry the fined parties'
 * CNPJs and the amounts the company owes or charges, the department's own data.
 */
export const canManageFines = (u: Actor): boolean => isAdmin(u) || hasRole(u, 'multas');

/** Reading is managing's twin today; kept apart so a read-only audience can be added in one place. */
export const canReadFines = (u: Actor): boolean => canManageFines(u);
