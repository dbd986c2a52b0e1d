import {
  branchesReply,
  createUserBody,
  createUserReply,
  dropUserBody,
  dropUserReply,
  MSG,
  resetUserPasswordBody,
  sectorsReply,
  successReply,
  updateUserBody,
  userListQuery,
  userListReply,
} from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import * as q from './users.queries.ts';
import * as service from './users.service.ts';

export async function usersRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  // isAlter=1: the administration list (Usuarios permission); otherwise a name/matrícula directory.
  app.get('/api/users', {
    schema: { querystring: userListQuery, response: { 200: userListReply } },
    handler: async (request) => service.listUsers(db, currentUser(request), request.query),
  });

  app.post('/api/users', {
    schema: { body: createUserBody, response: { 201: createUserReply } },
    handler: async (request, reply) => {
      const userId = await service.createUser(db, currentUser(request), request.body);
      return reply.status(201).send({ success: true as const, message: MSG.userCreated, userId });
    },
  });

  app.put('/api/users', {
    schema: { body: updateUserBody, response: { 200: successReply } },
    handler: async (request) => {
      await service.updateUser(db, currentUser(request), request.body);
      return { success: true as const, message: MSG.dataUpdated };
    },
  });

  app.put('/api/users/password', {
    schema: { body: resetUserPasswordBody, response: { 200: successReply } },
    handler: async (request) => {
      await service.resetPassword(db, currentUser(request), request.body.userId, request.body.senha);
      return { success: true as const, message: MSG.passwordChanged };
    },
  });

  app.post('/api/dropUser', {
    schema: { body: dropUserBody, response: { 200: dropUserReply } },
    handler: async (request) => {
      await service.dropUser(db, currentUser(request), request.body.userId);
      return { success: true, message: MSG.userDeleted, error: null };
    },
  });

  // Reference data every form needs (sectors and branches of spec §3).
  app.get('/api/sectors', {
    schema: { response: { 200: sectorsReply } },
    handler: async () => q.listSectors(db),
  });

  app.get('/api/branches', {
    schema: { response: { 200: branchesReply } },
    handler: async () => q.listBranches(db),
  });
}
