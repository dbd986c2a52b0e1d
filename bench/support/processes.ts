/**
 * Child processes and temporary directories of a benchmark: every one is tracked and removed when
 * the bench ends, also when it fails or is interrupted (importing this module installs the handlers).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh directory under the system temp dir, deleted when the bench ends. */
export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Runs a TypeScript file (through tsx) as a child, its output prefixed with `[name]` on stderr. */
export function startChild(
  name: string,
  script: string,
  env: Record<string, string>,
  nodeFlags: readonly string[] = [],
): ChildProcess {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) process.stderr.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return child;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export async function cleanup(): Promise<void> {
  await Promise.all([...children].map(stopChild));
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

// Last resort: a synchronous kill when the process leaves by any other path.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Runs a bench's main(), then stops every child and removes every temporary directory. */
export async function runBench(main: () => Promise<void>): Promise<void> {
  try {
    await main();
    await cleanup();
  } catch (err) {
    console.error(err);
    await cleanup();
    process.exitCode = 1;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Polls `url` until it answers 200; fails early when the child exits. */
export async function waitForOk(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return await res.json();
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Waits until the server answers /api/health quickly three times in a row: after a load test of a
 * slow endpoint the server still works off the requests autocannon left in flight, and the next
 * measurement must not pay for them.
 */
export async function waitUntilIdle(base: string, fastMs = 50, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let fast = 0;
  while (fast < 3 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    fast = performance.now() - started < fastMs ? fast + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
