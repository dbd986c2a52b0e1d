import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The folder holding initdb and pg_ctl: from PATH, else the newest /usr/lib/postgresql/<v>/bin. */
export function findPgBin(): string | undefined {
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const onPath = which.status === 0 ? which.stdout.trim() : '';
  if (onPath) {
    const real = fs.realpathSync(onPath);
    const dir = path.dirname(real);
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
