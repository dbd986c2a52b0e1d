import cluster from 'node:cluster';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { MSG } from '@intranet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError } from './errors.ts';

/** Where Prometheus scrapes (outside /api: it is no call of the intranet's users). */
export const METRICS_PATH = '/metrics';

/** The route label of a request no route matched: one series for every unknown URL, never the URL. */
export const NO_ROUTE = '(nenhuma)';

export interface MetricsOptions {
  /** METRICS_TOKEN: the bearer token Prometheus sends; unset, the endpoint answers 404. */
  token: string | undefined;
  /** PostgreSQL's pool: its connections in use, idle and waited for. */
  pool?: pg.Pool;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time (over digests, so that the lengths do not tell either). */
function sameToken(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}

/** The tag of the messages by which a worker asks the primary for every process's metrics. */
const IPC_TAG = 'intranet-metrics';
/** How long a worker waits for the primary's sum (the primary waits 5 s for each worker). */
const ASK_PRIMARY_MS = 8000;

interface MetricsMessage {
  [IPC_TAG]: string;
  text?: string;
  error?: string;
}
const isMetricsMessage = (value: unknown): value is MetricsMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>)[IPC_TAG] === 'string';

/**
 * The cluster primary's part (WORKERS > 1; server-workers.ts calls it): a worker's scrape gets the
 * metrics of every worker, summed by prom-client's aggregator, whichever worker took the connection.
 */
export function answerWorkersMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, value: unknown) => {
    if (!isMetricsMessage(value)) return;
    const id = value[IPC_TAG];
    aggregator.clusterMetrics().then(
      (text) => worker.send({ [IPC_TAG]: id, text }),
      (err: unknown) => worker.send({ [IPC_TAG]: id, error: String(err) }),
    );
  });
}

/** A worker's scrape: the primary's sum over every worker. */
function metricsOfEveryWorker(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const timer = setTimeout(() => done(new Error('o processo principal não respondeu')), ASK_PRIMARY_MS);
    const listen = (value: unknown) => {
      if (isMetricsMessage(value) && value[IPC_TAG] === id) {
        done(value.error ? new Error(value.error) : undefined, value.text);
      }
    };
    const done = (err: Error | undefined, text?: string) => {
      clearTimeout(timer);
      process.off('message', listen);
      if (err) reject(err);
      else resolve(text ?? '');
    };
    process.on('message', listen);
    process.send?.({ [IPC_TAG]: id });
  });
}

const METRICS_UNAVAILABLE = 'As métricas dos processos do servidor não responderam.';

const bearer = (request: FastifyRequest) => /^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? '')?.[1];

/**
 * Prometheus metrics of this server (decision 0124; with WORKERS > 1, of all its processes): requests by route pattern, method and
 * status, their durations, the database pool's use, and Node's own (memory, CPU, event loop). Each
 * app keeps its own registry, so that several apps in one process (the tests) do not mix.
 * Registered before the modules: the counting hook then sees every route.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { token } = options;
  const registry = new Registry();
  if (token) {
    collectDefaultMetrics({ register: registry });
    if (cluster.isWorker) {
      // Answers the primary's aggregator with this registry (prom-client listens once it exists).
      AggregatorRegistry.setRegistries([registry]);
      new AggregatorRegistry();
    }
    const requests = new Counter({
      name: 'intranet_http_requests_total',
      help: 'Requisições respondidas, por método, rota (o padrão, nunca o endereço) e status.',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'intranet_http_request_duration_seconds',
      help: 'Tempo até a resposta, por método e rota.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const { pool } = options;
    if (pool) {
      new Gauge({
        name: 'intranet_db_pool_connections',
        help: 'Conexões do pool do PostgreSQL: abertas (total), ociosas, e pedidos à espera de uma.',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const route = request.routeOptions.url ?? NO_ROUTE;
      requests.inc({ method: request.method, route, status_code: reply.statusCode });
      durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });
  }

  app.route({
    method: 'GET',
    url: METRICS_PATH,
    // Its own credential travels in Authorization: no session is looked up (auth-guard.ts).
    config: { access: 'public', sessionless: true },
    schema: {
      summary:
        'Prometheus metrics, to `Authorization: Bearer <METRICS_TOKEN>` only (404 without the setting).',
    },
    handler: async (request, reply) => {
      if (!token) return reply.status(404).send({ error: MSG.apiNotFound });
      const sent = bearer(request);
      if (!sent || !sameToken(sent, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ error: MSG.unauthenticated });
      }
      const text = cluster.isWorker
        ? await metricsOfEveryWorker().catch((err: unknown) => {
            request.log.warn({ err }, 'métricas dos processos');
            throw new HttpError(503, METRICS_UNAVAILABLE);
          })
        : await registry.metrics();
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    },
  });
}
