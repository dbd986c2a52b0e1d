import {
  changeOwnPasswordBody,
  changePictureReply,
  checkAuthReply,
  checkCodeBody,
  checkPasswordQuery,
  currentUserReply,
  IMAGE_FILE,
  LIMITS,
  loginBody,
  loginReply,
  MSG,
  pictureProfileReply,
  policyBody,
  policyInfoReply,
  sendCodeBody,
  sendCodeReply,
  sessionUser,
  successReply,
  updateOwnContactBody,
  updatePasswordBody,
} from '@intranet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { uploadRule } from '../../platform/multipart-form.ts';
import { createPasswordGuard, rateLimitPair, rateLimitPerIp } from '../../platform/rate-limit.ts';
import { RECOVERY_COOKIE, SESSION_COOKIE } from '../../platform/sessions.ts';
import { receiveMultipart } from '../../platform/uploads.ts';
import * as service from './auth.service.ts';

export async function authRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, rateLimits } = ctx;
  const loginLimit = rateLimitPerIp(app, 'login', rateLimits.loginPerIp);
  // Wrong passwords are counted per person in the service, where the login name is resolved.
  const passwordGuard = createPasswordGuard(rateLimits);
  const attempt = (request: FastifyRequest) => ({ guard: passwordGuard, address: request.ip });
  const recoveryLimit = rateLimitPair(
    app,
    'recovery',
    rateLimits.recoveryPerIp,
    rateLimits.recoveryPerUser,
    'registration',
  );

  app.post('/api/login', {
    config: { access: 'public' },
    preHandler: loginLimit,
    schema: { body: loginBody, response: { 200: loginReply } },
    handler: async (request, reply) => {
      const token = await service.login(db, attempt(request), request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/api',
        secure: ctx.config.cookieSecure,
        maxAge: LIMITS.sessionTtlHours * 3600,
      });
      return { success: true as const, token };
    },
  });

  app.get('/api/check-auth', {
    config: { access: 'session' },
    schema: { response: { 200: checkAuthReply } },
    handler: async (request) => ({ success: true as const, support: currentUser(request).suport }),
  });

  app.get('/api/get-sessionData', {
    config: { access: 'session' },
    schema: { response: { 200: sessionUser } },
    handler: async (request) => currentUser(request),
  });

  app.get('/api/me', {
    config: { access: 'session' },
    schema: { response: { 200: currentUserReply } },
    handler: async (request) => {
      const u = currentUser(request);
      return {
        userId: u.userId,
        privilegio: u.privilegio,
        policyAccepted: u.policyAccepted,
        admin: u.admin,
        suport: u.suport,
      };
    },
  });

  app.get('/api/logout', {
    config: { access: 'session' },
    schema: { response: { 200: successReply } },
    handler: async (request, reply) => {
      await service.logout(db, currentUser(request), request.sessionId!);
      reply.clearCookie(SESSION_COOKIE, { path: '/api' });
      return { success: true as const };
    },
  });

  app.post('/api/sendCode', {
    config: { access: 'public' },
    preHandler: recoveryLimit,
    schema: { body: sendCodeBody, response: { 200: sendCodeReply } },
    handler: async (request) => ({
      email: await service.sendRecoveryCode(db, ctx.mailer, request.body.registration),
    }),
  });

  app.post('/api/checkCode', {
    config: { access: 'public' },
    preHandler: recoveryLimit,
    schema: { body: checkCodeBody, response: { 200: successReply } },
    handler: async (request, reply) => {
      const token = await service.checkRecoveryCode(db, request.body.registration, request.body.code);
      reply.setCookie(RECOVERY_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/api/updatepassword',
        secure: ctx.config.cookieSecure,
        maxAge: LIMITS.recoveryCodeTtlMinutes * 60,
      });
      return { success: true as const };
    },
  });

  app.put('/api/updatepassword', {
    config: { access: 'public' },
    preHandler: recoveryLimit,
    schema: { body: updatePasswordBody, response: { 200: successReply } },
    handler: async (request, reply) => {
      const { registration, password } = request.body;
      await service.resetPassword(db, registration, password, request.cookies[RECOVERY_COOKIE]);
      reply.clearCookie(RECOVERY_COOKIE, { path: '/api/updatepassword' });
      return { success: true as const, message: MSG.passwordResetOk };
    },
  });

  app.get('/api/checkpassword', {
    config: { access: 'session' },
    schema: { querystring: checkPasswordQuery, response: { 200: successReply } },
    handler: async (request) => {
      await service.checkOwnPassword(db, attempt(request), currentUser(request), request.query.password);
      return { success: true as const };
    },
  });

  app.put('/api/me/password', {
    config: { access: 'session' },
    schema: { body: changeOwnPasswordBody, response: { 200: successReply } },
    handler: async (request) => {
      await service.changeOwnPassword(
        db,
        attempt(request),
        currentUser(request),
        request.sessionId!,
        request.body,
      );
      return { success: true as const, message: MSG.passwordChanged };
    },
  });

  app.put('/api/me', {
    config: { access: 'session' },
    schema: { body: updateOwnContactBody, response: { 200: successReply } },
    handler: async (request) => {
      await service.updateOwnContact(db, currentUser(request), request.body);
      return { success: true as const, message: MSG.dataUpdated };
    },
  });

  app.get('/api/getPictureProfile', {
    config: { access: 'session' },
    schema: { response: { 200: pictureProfileReply } },
    handler: async (request) => [{ foto: currentUser(request).pictureProfile }],
  });

  app.post('/api/changePictureProfile', {
    config: { access: 'session' },
    schema: { response: { 200: changePictureReply } },
    handler: async (request) => {
      const user = currentUser(request);
      const form = await receiveMultipart(
        request,
        ctx.storage,
        uploadRule(IMAGE_FILE, { prefix: 'profile' }),
      );
      const foto = await service.changeProfilePicture(db, user, form, ctx.storage);
      return { success: true as const, foto, message: MSG.photoUpdated };
    },
  });

  app.get('/api/policy', {
    config: { access: 'session' },
    schema: { response: { 200: policyInfoReply } },
    handler: async () => service.currentPolicy(db),
  });

  app.put('/api/users/policy', {
    config: { access: 'session' },
    schema: { body: policyBody, response: { 200: successReply } },
    handler: async (request) => {
      await service.acceptPolicy(db, currentUser(request));
      return { success: true as const };
    },
  });
}
