import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { freshPostgresUrl, TEST_DIALECT } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The real server (main.ts) started on the demo company, as a test's own processes: WORKERS=2
 * unless `env` says otherwise.
 */
export interface ServerProcesses {
  /** The primary process (its workers are its children). */
  server: ChildProcess;
  port: number;
  base: string;
  /** Its DATA_DIR (removed by stop). */
  dataDir: string;
  /** Everything the processes have written so far, stdout and stderr together. */
  output(): string;
  /** The primary's exit code, once it ends. */
  exited: Promise<number | null>;
  /** The pids of the processes that logged a JSON line `matches` accepts. */
  loggedPids(matches: (line: string) => boolean): Set<number>;
  /** Kills what still runs and removes the data folder. */
  stop(): void;
}

/** Starts main.ts (WORKERS=2 by default) and waits until every process listens; `env` adds settings. */
export async function startServerProcesses(env: Record<string, string> = {}): Promise<ServerProcesses> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-processes-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_DIALECT === 'postgres' ? await freshPostgresUrl() : '',
      SEED_DEMO: '1',
      WORKERS: '2',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (c: Buffer) => {
    output += c.toString('utf8');
  };
  server.stdout!.on('data', append);
  server.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const workers = env.WORKERS ?? '2';
  // One process says where it listens; several, how many processes listen.
  const ready = workers === '1' ? 'Intranet em http' : `${workers} processos`;
  const deadline = Date.now() + 60_000;
  while (!output.includes(ready)) {
    if (Date.now() > deadline || server.exitCode !== null) {
      stop();
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    server,
    port,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    exited,
    loggedPids: (matches) =>
      new Set(
        output
          .split('\n')
          .filter(matches)
          .flatMap((line) => {
            try {
              return [(JSON.parse(line) as { pid: number }).pid];
            } catch {
              return []; // a line still being written
            }
          }),
      ),
    stop,
  };
}
