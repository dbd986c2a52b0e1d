import { CALENDAR_MSG, calendarCalls as calls } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { rateLimitPerIp } from '../../platform/rate-limit.ts';
import { route } from '../../platform/route.ts';
import { feedCalendar } from './calendar.feed.ts';
import * as service from './calendar.service.ts';
import * as vacations from './calendar.vacations.ts';

export async function calendarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, calls.listEvents, {
    handler: async (request) => service.listEvents(ctx, currentUser(request), request.query),
  });

  route(app, calls.createEvent, {
    handler: async (request) => service.createEvent(ctx, currentUser(request), request.body),
  });

  route(app, calls.updateEvent, {
    handler: async (request) =>
      service.updateEvent(ctx, currentUser(request), request.params.id, request.body),
  });

  route(app, calls.deleteEvent, {
    handler: async (request) => {
      await service.deleteEvent(ctx, currentUser(request), request.params.id);
      return { success: true as const, message: CALENDAR_MSG.eventDeleted };
    },
  });

  route(app, calls.invite, {
    handler: async (request) =>
      service.invite(ctx, request.log, currentUser(request), request.params.id, request.body.userId),
  });

  route(app, calls.uninvite, {
    handler: async (request) =>
      service.uninvite(ctx, currentUser(request), request.params.id, request.params.userId),
  });

  route(app, calls.invitablePeople, {
    handler: async (request) => service.invitablePeople(ctx, request.query.search),
  });

  route(app, calls.listVacations, {
    handler: async (request) => service.listVacations(ctx, currentUser(request), request.query),
  });

  route(app, calls.scheduleVacation, {
    handler: async (request) => service.scheduleVacation(ctx, currentUser(request), request.body),
  });

  route(app, calls.changeVacation, {
    handler: async (request) =>
      vacations.changeVacation(ctx, currentUser(request), request.params.id, request.body),
  });

  route(app, calls.deleteVacation, {
    handler: async (request) => {
      await vacations.deleteVacation(ctx, currentUser(request), request.params.id);
      return { success: true as const, message: CALENDAR_MSG.vacationDeleted };
    },
  });

  route(app, calls.vacationPeople, {
    handler: async (request) => service.vacationPeople(ctx, currentUser(request), request.query.search),
  });

  route(app, calls.feedStatus, {
    handler: async (request) => service.feedStatus(ctx, currentUser(request)),
  });

  route(app, calls.createFeed, {
    handler: async (request) => service.createFeed(ctx, currentUser(request)),
  });

  route(app, calls.revokeFeed, {
    handler: async (request) => service.revokeFeed(ctx, currentUser(request)),
  });

  // Public: the secret in the path is the credential (calendar apps send no session).
  route(app, calls.feed, {
    preHandler: rateLimitPerIp(ctx.counters, 'calendar-feed', ctx.rateLimits.calendarFeedPerIp),
    handler: async (request, reply) => {
      const text = await feedCalendar(ctx, request.params.token);
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="intranet.ics"')
        .header('Cache-Control', 'private, no-cache')
        .header('Referrer-Policy', 'no-referrer')
        .send(text);
    },
  });
}
