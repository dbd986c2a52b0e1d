import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { type AnyEndpoint, MSG } from '@intranet/contracts';
import Fastify, {
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyReply,
  type FastifySchema,
  type FastifyServerOptions,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { appsRoutes } from './modules/apps/apps.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { backupRoutes } from './modules/backup/backup.routes.ts';
import { buscaRoutes } from './modules/busca/busca.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { finesRoutes } from './modules/fines/fines.routes.ts';
import { foldersRoutes } from './modules/folders/folders.routes.ts';
import { hrRoutes } from './modules/hr/hr.routes.ts';
import { mailPreferencesRoutes } from './modules/mail-preferences/mail-preferences.routes.ts';
import { addressMuted } from './modules/mail-preferences/mail-preferences.service.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { operationsRoutes } from './modules/operations/operations.routes.ts';
import { orgRoutes } from './modules/org/org.routes.ts';
import { pendenciasRoutes } from './modules/pendencias/pendencias.routes.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { type Access, registerAuthGuard } from './platform/auth-guard.ts';
import { registerCompression } from './platform/compression.ts';
import type { AppContext } from './platform/context.ts';
import { registerDiskFloor } from './platform/disk-space.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './platform/errors.ts';
import { filesRoutes } from './platform/files.routes.ts';
import { healthRoutes } from './platform/health.routes.ts';
import { createJobHost } from './platform/job-host.ts';
import { createLiveEvents } from './platform/live-events.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { registerMetrics } from './platform/metrics.ts';
import { createCounters, DEFAULT_RATE_LIMITS, type RateLimits } from './platform/rate-limit.ts';
import { redactUrl } from './platform/redact.ts';
import { type ReplyMode, replySerializerCompiler } from './platform/reply-serializer.ts';
import { registerRequestIdHeader, requestIdOf } from './platform/request-id.ts';
import { isApiPath } from './platform/request-path.ts';
import { registerSecurityHeaders } from './platform/security.ts';
import { mailFromOf } from './platform/settings.ts';
import { registerTextGuard } from './platform/text-guard.ts';
import { createConfiguredStorage } from './storage/configured-storage.ts';
import type { Storage } from './storage/storage.ts';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  storage?: Storage;
  mailer?: Mailer;
  rateLimits?: Partial<RateLimits>;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (standard output unless given): the tests read its lines. */
  logStream?: DestinationStream;
  /** 'checked' in the tests: every reply parsed by its zod schema too (platform/reply-serializer.ts). */
  replies?: ReplyMode;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  /** The contracts description of a route registered with route() (docs/api.md reads it). */
  endpoint?: AnyEndpoint;
  /** The route's schemas and config as registered: the tests generated from them read these. */
  schema?: FastifySchema;
  config?: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/** The login limits set by RATE_LIMIT_LOGIN_PER_IP / RATE_LIMIT_LOGIN_PER_USER (same window). */
function rateLimitsFromConfig(config: Config): Partial<RateLimits> {
  const out: Partial<RateLimits> = {};
  if (config.rateLimitLoginPerIp !== undefined) {
    out.loginPerIp = { ...DEFAULT_RATE_LIMITS.loginPerIp, max: config.rateLimitLoginPerIp };
  }
  if (config.rateLimitLoginPerUser !== undefined) {
    out.loginPerUser = { ...DEFAULT_RATE_LIMITS.loginPerUser, max: config.rateLimitLoginPerUser };
    // The limit across all addresses stays wider than the one per address.
    const everywhere = DEFAULT_RATE_LIMITS.loginPerUserEverywhere;
    out.loginPerUserEverywhere = {
      ...everywhere,
      max: Math.max(everywhere.max, 5 * config.rateLimitLoginPerUser),
    };
  }
  return out;
}

/**
 * The web build's cache policy: files under assets/ carry a content hash in their names, so a
 * browser keeps them a year without asking; everything else (index.html, also as the SPA fallback,
 * and the favicon) is revalidated on every visit, so a new release shows at once.
 */
function webCacheControl(webDist: string, filePath: string): string {
  const relative = path.relative(webDist, filePath).split(path.sep);
  return relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Headers that only mean something on a document (CSP, framing, referrer, …) and validators a
 * year-long immutable file never uses: a hashed script or style sheet goes without them. A phone's
 * first visit loads some sixty of these small files; about 0.6 kB of headers each was a tenth of it.
 * X-Content-Type-Options and Cross-Origin-Resource-Policy stay: they do apply to scripts and styles.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
] as const;

function dropDocumentHeaders(reply: FastifyReply): void {
  if (!String(reply.getHeader('cache-control') ?? '').includes('immutable')) return;
  for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
}

/** Every module, in the order its routes are registered. */
const MODULES = [
  healthRoutes,
  filesRoutes,
  authRoutes,
  setupRoutes,
  noticesRoutes,
  settingsRoutes,
  ticketsRoutes,
  usersRoutes,
  orgRoutes,
  appsRoutes,
  foldersRoutes,
  calendarRoutes,
  operationsRoutes,
  purchasesRoutes,
  finesRoutes,
  hrRoutes,
  backupRoutes,
  pendenciasRoutes,
  mailPreferencesRoutes,
  buscaRoutes,
];

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Every log line of a request carries its id (reqId): the balancer's x-request-id when well formed.
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A client that sends slowly, or stops, does not hold a connection for ever.
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: 72_000,
    // Errors raised before any route runs answer in Portuguese too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(options.replies ?? 'compiled'));

  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    storage: options.storage ?? createConfiguredStorage(config),
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: () => mailFromOf(database.db, config.mailFrom),
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
        muted: (to, module) => addressMuted(database, to, module),
      }),
    config,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...rateLimitsFromConfig(config), ...options.rateLimits },
    counters: createCounters(database.pool),
    live: createLiveEvents(database),
    jobs: createJobHost(),
  };
  app.addHook('onClose', () => ctx.live.close());
  app.addHook('onClose', () => ctx.jobs.close());

  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  // Set while the web app's static files register: those routes are public.
  let registeringWebApp = false;
  // Every route, whatever its path: one outside /api is guarded too (member unless declared).
  app.addHook('onRoute', (route) => {
    if (registeringWebApp) route.config = { ...route.config, access: 'public' };
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' && !route.config?.cookieAuth) continue;
      app.registeredRoutes.push({
        method,
        url: route.url,
        access: route.config?.access ?? 'member',
        endpoint: route.config?.endpoint,
        schema: route.schema,
        config: route.config,
      });
    }
  });

  // Collects every route's zod schemas; docs/api.md is generated from it (npm run docs:api).
  await app.register(swagger, {
    openapi: { info: { title: 'Intranet API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  registerErrorHandling(app);
  registerRequestIdHeader(app);
  registerMetrics(app, { token: config.metricsToken, pool: database.pool });
  await registerSecurityHeaders(app, { https: config.cookieSecure });
  await app.register(cookie);
  await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  registerAuthGuard(app, ctx.db);
  registerTextGuard(app);
  registerDiskFloor(app, { directory: config.dataDir, floorBytes: config.diskFreeFloorBytes });

  for (const mod of MODULES) await mod(app, ctx);

  const webDist = config.webDist;
  const spa = Boolean(webDist && fs.existsSync(path.join(webDist, 'index.html')));
  if (webDist && spa) {
    registeringWebApp = true;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies beside each file (apps/web/vite.config.ts).
      preCompressed: true,
      // send's own `max-age=0` would override the policy below.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', webCacheControl(webDist, filePath));
      },
    });
    registeringWebApp = false;
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/assets/')) dropDocumentHeaders(reply);
      return payload;
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) {
      return reply.status(404).send({ error: MSG.apiNotFound });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && spa) {
      // The web app's router decides what an unknown page shows (its own 404 page).
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ error: MSG.apiNotFound });
  });

  return app;
}
