import http from 'node:http';
import { MSG } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './harness.ts';
import { type ServerProcesses, startServerProcesses } from './server-processes.ts';

/**
 * The real server (main.ts) with WORKERS=2: two processes on one port and one database. Every
 * request here opens its own connection (no keep-alive), so Node hands them to the workers in turn.
 */

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** One request on a connection of its own. */
function request(port: number, method: string, url: string, body?: unknown, token?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const METRICS_TOKEN = 'token-das-metricas-dos-processos';

/** A Prometheus scrape on a connection of its own: the count of GET /api/health answered 200. */
function healthCount(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/metrics',
        agent: false,
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
        });
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${res.statusCode} ${text}`));
          const line = text
            .split('\n')
            .find(
              (l) =>
                l.startsWith('intranet_http_requests_total{') &&
                l.includes('route="/api/health"') &&
                l.includes('status_code="200"'),
            );
          resolve(line ? Number(line.split(' ').pop()) : 0);
        });
      },
    );
    req.on('error', reject);
  });
}

describe(`server with two worker processes (${TEST_DIALECT})`, () => {
  let servers: ServerProcesses;
  let port: number;

  /** The pids of the processes that logged a finished request, from the JSON log lines. */
  const servingPids = () => servers.loggedPids((line) => line.includes('"request completed"'));

  beforeAll(async () => {
    // Three wrong passwords per person and address, then 429 (no waiting before the third).
    servers = await startServerProcesses({ RATE_LIMIT_LOGIN_PER_USER: '3', METRICS_TOKEN });
    port = servers.port;
  }, 90_000);

  afterAll(() => servers?.stop());

  it('answers from both processes', async () => {
    for (let i = 0; i < 8; i++) expect((await request(port, 'GET', '/api/health')).status).toBe(200);
    expect(servingPids().size).toBe(2);
  });

  it('counts a person’s wrong passwords once across the processes', async () => {
    const wrong = () => request(port, 'POST', '/api/login', { username: '1005', password: 'errada' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await wrong()).status);
    // Each process counting alone would let three through on each before refusing.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await wrong();
    expect(refused.body.error).toBe(MSG.tooManyRequests);
  });

  it('a scrape counts the requests of both processes, whichever process answers it', async () => {
    const before = await healthCount(port);
    for (let i = 0; i < 6; i++) expect((await request(port, 'GET', '/api/health')).status).toBe(200);
    // Each scrape reaches one process or the other: every one of them sees all six.
    for (let i = 0; i < 4; i++) expect(await healthCount(port)).toBe(before + 6);
  });

  it('writes from both processes at once without losing one', async () => {
    const login = await request(port, 'POST', '/api/login', { username: '1001', password: 'intranet123' });
    const token = String(login.body.token);
    const date = '2030-03-14';
    const made = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        request(
          port,
          'POST',
          '/api/event',
          { title: `Evento paralelo ${i}`, date, hoursOf: '09:00', hoursTo: '10:00', company: false },
          token,
        ),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(made.map(() => 201));
    const listed = await request(port, 'GET', `/api/event?from=${date}&to=${date}`, undefined, token);
    const titles = JSON.stringify(listed.body);
    for (let i = 0; i < 24; i++) expect(titles).toContain(`Evento paralelo ${i}"`);
  });

  it('replaces a worker that dies, and the port keeps answering', async () => {
    const [victim] = [...servingPids()];
    process.kill(victim!, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    while (!servers.output().includes('processo do servidor terminou')) {
      if (Date.now() > deadline) throw new Error(`no replacement:\n${servers.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    let pids = servingPids();
    while (!([...pids].some((p) => p !== victim) && pids.size >= 3) && Date.now() < deadline) {
      expect((await request(port, 'GET', '/api/health')).status).toBe(200);
      pids = servingPids();
    }
    expect(pids.size).toBe(3);
  }, 40_000);

  it('stops every process on SIGTERM', async () => {
    servers.server.kill('SIGTERM');
    expect(await servers.exited).toBe(0);
    await expect(request(port, 'GET', '/api/health')).rejects.toThrow();
  });
});
