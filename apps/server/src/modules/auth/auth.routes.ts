import { authCalls as calls, LIMITS, MSG } from '@intranet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { receiveForm } from '../../platform/multipart-form.ts';
import { createPasswordGuard, rateLimitFailuresPerIp, rateLimitPair } from '../../platform/rate-limit.ts';
import { route } from '../../platform/route.ts';
import { RECOVERY_COOKIE, SESSION_COOKIE } from '../../platform/sessions.ts';
import { sessionData } from './auth.screens.ts';
import * as service from './auth.service.ts';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, rateLimits, counters } = ctx;
  // Per address only failed logins count: a branch behind one address signs in freely.
  const loginLimit = rateLimitFailuresPerIp(counters, 'login', rateLimits.loginPerIp);
  // Wrong passwords are counted per person in the service, where the login name is resolved.
  const passwordGuard = createPasswordGuard(counters, rateLimits);
  const attempt = (request: Pick<FastifyRequest, 'ip'>) => ({ guard: passwordGuard, address: request.ip });
  const recoveryLimit = rateLimitPair(
    counters,
    'recovery',
    rateLimits.recoveryPerIp,
    rateLimits.recoveryPerUser,
    'registration',
  );

  route(app, calls.login, {
    preHandler: loginLimit.check,
    handler: async (request, reply) => {
      const token = await service.login(db, attempt(request), request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      await loginLimit.succeeded(request);
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

  route(app, calls.checkAuth, {
    handler: async (request) => ({ success: true as const, support: currentUser(request).suport }),
  });

  route(app, calls.sessionData, {
    handler: async (request) => sessionData(ctx, currentUser(request)),
  });

  route(app, calls.me, {
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

  route(app, calls.logout, {
    handler: async (request, reply) => {
      await service.logout(db, currentUser(request), request.sessionId!);
      reply.clearCookie(SESSION_COOKIE, { path: '/api' });
      return { success: true as const };
    },
  });

  route(app, calls.logoutEverywhere, {
    handler: async (request, reply) => {
      await service.logoutEverywhere(db, currentUser(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/api' });
      return { success: true as const };
    },
  });

  route(app, calls.sendCode, {
    preHandler: recoveryLimit,
    handler: async (request) => ({
      email: await service.sendRecoveryCode(db, ctx.mailer, request.body.registration),
    }),
  });

  route(app, calls.checkCode, {
    preHandler: recoveryLimit,
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

  route(app, calls.updatePassword, {
    preHandler: recoveryLimit,
    handler: async (request, reply) => {
      const { registration, password } = request.body;
      await service.resetPassword(db, registration, password, request.cookies[RECOVERY_COOKIE]);
      reply.clearCookie(RECOVERY_COOKIE, { path: '/api/updatepassword' });
      return { success: true as const, message: MSG.passwordResetOk };
    },
  });

  route(app, calls.checkPassword, {
    handler: async (request) => {
      await service.checkOwnPassword(db, attempt(request), currentUser(request), request.query.password);
      return { success: true as const };
    },
  });

  route(app, calls.changeOwnPassword, {
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

  route(app, calls.updateOwnContact, {
    handler: async (request) => {
      await service.updateOwnContact(db, currentUser(request), request.body);
      return { success: true as const, message: MSG.dataUpdated };
    },
  });

  route(app, calls.pictureProfile, {
    handler: async (request) => [{ foto: currentUser(request).pictureProfile }],
  });

  route(app, calls.changePictureProfile, {
    handler: async (request) => {
      const user = currentUser(request);
      const { form } = await receiveForm(request, ctx.storage, calls.changePictureProfile.multipart, {
        prefix: 'profile',
      });
      const foto = await service.changeProfilePicture(db, user, form, ctx.storage);
      return { success: true as const, foto, message: MSG.photoUpdated };
    },
  });

  route(app, calls.policy, {
    handler: async () => service.currentPolicy(db),
  });

  route(app, calls.acceptPolicy, {
    handler: async (request) => {
      await service.acceptPolicy(db, currentUser(request));
      return { success: true as const };
    },
  });
}
