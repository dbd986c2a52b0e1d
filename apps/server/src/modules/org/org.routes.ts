import { sectorsCalls as calls, SECTOR_MSG } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import * as service from './org.service.ts';

/** Sectors and branches (issue 34, decision 0114). */
export async function orgRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  route(app, calls.list, { handler: async () => service.listOrg(db) });

  route(app, calls.createSector, {
    handler: async (request) => ({
      success: true as const,
      message: SECTOR_MSG.sectorSaved,
      sector: await service.createSector(db, currentUser(request), request.body),
    }),
  });
  route(app, calls.updateSector, {
    handler: async (request) => ({
      success: true as const,
      message: SECTOR_MSG.sectorSaved,
      sector: await service.updateSector(db, currentUser(request), request.params.id, request.body),
    }),
  });
  route(app, calls.deleteSector, {
    handler: async (request) => {
      await service.deleteSector(db, currentUser(request), request.params.id);
      return { success: true as const, message: SECTOR_MSG.sectorDeleted };
    },
  });

  route(app, calls.createBranch, {
    handler: async (request) => ({
      success: true as const,
      message: SECTOR_MSG.branchSaved,
      branch: await service.createBranch(db, currentUser(request), request.body),
    }),
  });
  route(app, calls.updateBranch, {
    handler: async (request) => ({
      success: true as const,
      message: SECTOR_MSG.branchSaved,
      branch: await service.updateBranch(db, currentUser(request), request.params.id, request.body),
    }),
  });
  route(app, calls.deleteBranch, {
    handler: async (request) => {
      await service.deleteBranch(db, currentUser(request), request.params.id);
      return { success: true as const, message: SECTOR_MSG.branchDeleted };
    },
  });
}
