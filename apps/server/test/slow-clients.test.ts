import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, TEST_DIALECT, type TestApp } from './harness.ts';

/** Opens a socket, runs `talk` on it, and answers how long the server took to close it (or null). */
function closedAfter(
  port: number,
  talk: (socket: net.Socket) => void,
  boundMs: number,
): Promise<number | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => talk(socket));
    socket.on('data', () => {});
    socket.on('error', () => {});
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, boundMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

describe(`HTTP timeouts against slow clients (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let port: number;
  let trickle: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { HTTP_HEADERS_TIMEOUT_S: '1', HTTP_REQUEST_TIMEOUT_S: '4', HTTP_IDLE_TIMEOUT_S: '2' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    clearInterval(trickle);
    await t.close();
  });

  it('has defaults for every timeout', () => {
    const config = loadConfig({});
    expect(config.headersTimeoutMs).toBe(20_000);
    expect(config.requestTimeoutMs).toBe(3_600_000);
    expect(config.idleTimeoutMs).toBe(60_000);
  });

  it('closes a connection whose headers never end', async () => {
    const ms = await closedAfter(
      port,
      (s) => s.write('POST /api/login HTTP/1.1\r\nHost: intranet\r\nX-Lento: '),
      8000,
    );
    expect(ms).not.toBeNull();
    expect(ms!).toBeLessThan(4000);
  }, 10_000);

  it('closes a connection that goes silent in the middle of a body', async () => {
    const ms = await closedAfter(
      port,
      (s) =>
        s.write(
          'POST /api/login HTTP/1.1\r\nHost: intranet\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":',
        ),
      8000,
    );
    expect(ms).not.toBeNull();
    expect(ms!).toBeLessThan(4500);
  }, 10_000);

  it('closes a connection that sends its body a byte at a time for ever', async () => {
    const ms = await closedAfter(
      port,
      (s) => {
        s.write(
          'POST /api/login HTTP/1.1\r\nHost: intranet\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
        );
        trickle = setInterval(() => s.writable && s.write(' '), 300);
      },
      10_000,
    );
    clearInterval(trickle);
    expect(ms).not.toBeNull();
    expect(ms!).toBeLessThan(7000);
  }, 12_000);
});
