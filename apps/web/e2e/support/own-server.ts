import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface OwnServer {
  base: string;
  /** Its DATA_DIR (its e-mails are in DATA_DIR/outbox: `mailsTo(address, server.dataDir)`). */
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * A second real server (apps/server/src/main.ts) with its own empty DATA_DIR and SQLite database
 * and the same built web app, for journeys that need another installation than the demo one (a
 * company's first start without the demo).
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-e2e-own-'));
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: base,
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  const collect = (d: unknown) => {
    output += String(d);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + 90_000;
  while (!output.includes('Intranet em http://localhost')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`servidor não subiu:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    dataDir,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
