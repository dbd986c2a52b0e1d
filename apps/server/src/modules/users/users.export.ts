import {
  branchLabelOf,
  canManageUsers,
  type SessionUser,
  USER_SHEET_COLUMNS,
  type UserSheetRow,
  type userExportQuery,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import { authorize } from '../../platform/errors.ts';
import { branchesInOrder, membershipsOf, sectorsInOrder } from '../../platform/memberships.ts';
import { xlsxStream } from '../../platform/xlsx-stream.ts';
import { orgLists } from '../org/org.names.ts';
import * as q from './users.queries.ts';

/** Users a batch of the export reads: the list's largest page, walked by its cursor. */
const EXPORT_PAGE = 100;

/**
 * The Usuários list for its filters, page after page by the list's own query and cursor, as the
 * import's columns (branches by the label people read).
 */
async function* userBatches(
  db: DbOrTx,
  query: z.output<typeof userExportQuery>,
): AsyncGenerator<UserSheetRow[]> {
  const { branches } = await orgLists(db);
  let cursor = '';
  for (;;) {
    const page = await q.listUsers(
      db,
      { search: query.data, matchCpf: true, setor: query.setor },
      { page: 1, pageSize: EXPORT_PAGE, cursor },
    );
    const memberships = await membershipsOf(
      db,
      page.rows.map((r) => r.id),
    );
    yield page.rows.map((r) => {
      const of = memberships.get(r.id) ?? { sectors: [], branches: [] };
      return {
        matricula: r.matricula,
        nome: r.nome,
        cpf: r.cpf,
        email: r.email,
        setores: sectorsInOrder(of).map((s) => s.name),
        filiais: branchesInOrder(of, r.filial).map((name) => branchLabelOf(branches, name)),
        privilegio: r.privilegio,
        suport: r.suport,
      };
    });
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** GET /api/users/export: usuarios.xlsx, for whoever reads the administration list. */
export function exportUsers(
  db: DbOrTx,
  user: SessionUser,
  query: z.output<typeof userExportQuery>,
  log: FastifyBaseLogger,
) {
  authorize(canManageUsers(user));
  return {
    name: 'usuarios.xlsx',
    stream: xlsxStream({
      sheetName: 'Usuários',
      columns: USER_SHEET_COLUMNS,
      batches: userBatches(db, query),
      log,
    }),
  };
}
