import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A round-robin HTTP balancer in front of a test's servers, as nginx or HAProxy would stand there:
 * each request goes to the next server in turn, on a connection of its own. A server that refuses
 * the connection (it is dead) never saw the request, so the request goes on to the next server; a
 * request that reached a server that then failed is never sent twice, and answers 502. Each answer
 * says which server gave it (`x-upstream`, the server's index). Bodies are read whole before they
 * are forwarded: the tests send small ones, and a refused request can be sent again.
 */
export interface Balancer {
  base: string;
  /** The index of the server the next request goes to. */
  peek(): number;
  close(): Promise<void>;
}

export async function startBalancer(ports: readonly number[]): Promise<Balancer> {
  let next = 0;
  const forward = (
    index: number,
    req: http.IncomingMessage,
    body: Buffer,
    res: http.ServerResponse,
    triesLeft: number,
  ) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[index],
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // Answered already (a server may answer early and close before reading the whole body):
      // the answer's own stream says whether it breaks.
      if (res.headersSent) return;
      if (err.code === 'ECONNREFUSED' && triesLeft > 1) {
        forward((index + 1) % ports.length, req, body, res, triesLeft - 1);
      } else {
        res.writeHead(502, { 'content-type': 'application/json', 'x-upstream': String(index) });
        res.end(JSON.stringify({ error: `balanceador: ${err.code ?? err.message}` }));
      }
    });
    upstream.end(body);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const index = next;
      next = (next + 1) % ports.length;
      forward(index, req, Buffer.concat(chunks), res, ports.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    peek: () => next,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface Answer {
  /** 0 when no answer came (the connection broke). */
  status: number;
  /** The index of the server that answered (-1 without an answer). */
  upstream: number;
  headers: Headers;
  body: Buffer;
  text: string;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  body?: Buffer;
  headers?: Record<string, string>;
}

/** One request through the balancer; a broken connection answers status 0 instead of throwing. */
export async function call(base: string, method: string, path: string, o: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: o.form ?? (o.json !== undefined ? JSON.stringify(o.json) : o.body),
    });
    const body = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      upstream: Number(res.headers.get('x-upstream') ?? -1),
      headers: res.headers,
      body,
      text: body.toString('utf8'),
    };
  } catch {
    return { status: 0, upstream: -1, headers: new Headers(), body: Buffer.alloc(0), text: '' };
  }
}
