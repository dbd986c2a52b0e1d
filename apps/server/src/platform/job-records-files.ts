import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { progressWriter } from './job-progress.ts';
import type { JobRecords, JobRecordsOptions } from './job-records.ts';
import { isJobId } from './job-records.ts';

/**
 * Job records on one machine (SQLite; decision 0035): one small JSON file per record,
 * `DATA_DIR/jobs/<kind>/<id>.json`, written to a temporary file and renamed over it (a reader never
 * sees half a record), read again on each poll. A running record names its process (a pid, a
 * random token, its start time); a cancel is a separate marker (`<id>.cancel`); a claim is a
 * rename only one process can win. platform/job-records.ts says what the records promise.
 */

/** Files the sweep reads at once. */
const SWEEP_AT_ONCE = 16;

/** A process: its pid, and what tells it from a later process given the same pid. */
interface Owner {
  pid: number;
  /** Random, per process: tells this process from an earlier one of the same pid. */
  token: string;
  /** The process's start time in clock ticks since boot (Linux /proc), when known. */
  since: string | null;
}

interface Stored<T> {
  userId: number;
  owner: Owner | null;
  running: boolean;
  /** Milliseconds since the epoch when an ended record may be swept; null while running. */
  expires: number | null;
  data: T;
}

/** The start time of process `pid` as /proc/<pid>/stat has it (field 22), or null. */
async function processStart(pid: number): Promise<string | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

let self: Promise<Owner> | undefined;
/** This process, as running records name it. */
const thisProcess = (): Promise<Owner> => {
  self ??= processStart(process.pid).then((since) => ({ pid: process.pid, token: randomUUID(), since }));
  return self;
};

/** Whether the process that owns a running record still runs. */
async function isAlive(owner: Owner | null): Promise<boolean> {
  if (!owner || !Number.isSafeInteger(owner.pid) || owner.pid <= 0) return false;
  const me = await thisProcess();
  if (owner.pid === me.pid) return owner.token === me.token;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: it runs, under another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.since === null) return true;
  const since = await processStart(owner.pid);
  return since === null || since === owner.since;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Writes `text` to `file` through a temporary file renamed over it. */
async function writeWhole(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await fs.writeFile(temp, text, { flag: 'wx' });
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}

async function readStored<T>(file: string): Promise<Stored<T> | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
  try {
    return JSON.parse(text) as Stored<T>;
  } catch {
    // Never half written (rename); a file that is not JSON is no record.
    return undefined;
  }
}

/** The records of one kind under DATA_DIR; `signal` is the app's (its jobs stop when it closes). */
export function fileRecords<T>(
  dataDir: string,
  signal: AbortSignal,
  options: JobRecordsOptions<T>,
): JobRecords<T> {
  const dir = path.join(dataDir, 'jobs', options.kind);
  const fileOf = (id: string) => path.join(dir, `${id}.json`);
  const markerOf = (id: string) => path.join(dir, `${id}.cancel`);
  const checkedId = (id: string) => {
    if (!isJobId(id)) throw new Error(`id de registro inválido: ${id}`);
    return id;
  };

  const write = (id: string, stored: Stored<T>) => writeWhole(fileOf(id), JSON.stringify(stored));
  const ended = (userId: number, data: T): Stored<T> => ({
    userId,
    owner: null,
    running: false,
    expires: Date.now() + options.ttlMs,
    data,
  });
  const isCancelled = (id: string) =>
    fs.access(markerOf(id)).then(
      () => true,
      () => false,
    );
  const unlink = (file: string) => fs.rm(file, { force: true });

  /**
   * The stored record as it stands now: a running one whose process is gone ends here, as
   * `orphaned` says (written so, kept ttlMs).
   */
  async function current(id: string): Promise<Stored<T> | undefined> {
    const stored = await readStored<T>(fileOf(id));
    if (!stored?.running || (await isAlive(stored.owner))) return stored;
    const orphan = ended(stored.userId, options.orphaned(stored.data));
    await write(id, orphan);
    return orphan;
  }

  async function remove(id: string): Promise<void> {
    await unlink(fileOf(id));
    await unlink(markerOf(id));
  }

  /** Renames the record aside (only one process can) and answers what it held. */
  async function take(id: string, why: string): Promise<Stored<T> | undefined> {
    const aside = `${fileOf(id)}.${randomUUID()}.${why}`;
    try {
      await fs.rename(fileOf(id), aside);
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    try {
      return await readStored<T>(aside);
    } finally {
      await unlink(aside);
    }
  }

  const visible = (stored: Stored<T> | undefined, now: number) =>
    stored !== undefined && (stored.running || (stored.expires ?? 0) > now);

  return {
    async start(id, userId, data) {
      checkedId(id);
      const owner = await thisProcess();
      await write(id, { userId, owner, running: true, expires: null, data });
      const writer = progressWriter(data, (latest: T) =>
        write(id, { userId, owner, running: true, expires: null, data: latest }),
      );
      return {
        id,
        signal,
        progress: writer.progress,
        cancelled: () => isCancelled(id),
        async end(final) {
          await writer.finish();
          await write(id, ended(userId, final));
        },
        // One machine: what the job wrote in its transaction is the job's to say, after it commits.
        commitIn: async () => undefined,
        committedIn: async () => undefined,
        async remove() {
          await writer.finish();
          await remove(id);
        },
        async release() {
          await writer.finish();
          await write(id, ended(userId, options.orphaned(writer.known())));
        },
      };
    },

    async keep(id, userId, data) {
      await write(checkedId(id), ended(userId, data));
    },

    async read(id) {
      if (!isJobId(id)) return undefined;
      const stored = await current(id);
      if (!visible(stored, Date.now()) || (await isCancelled(id))) return undefined;
      const { userId, running, data } = stored as Stored<T>;
      return { id, userId, running, data };
    },

    async claim(id, userId) {
      if (!isJobId(id)) return undefined;
      // Another user's record stays where it is.
      const seen = await current(id);
      if (seen?.userId !== userId || !visible(seen, Date.now()) || (await isCancelled(id))) return undefined;
      const taken = await take(id, 'taken');
      if (!taken || taken.userId !== userId) return undefined;
      return { id, userId, running: taken.running, data: taken.data };
    },

    async cancel(id) {
      if (!isJobId(id)) return;
      await writeWhole(markerOf(id), '');
    },

    async remove(id) {
      if (isJobId(id)) await remove(id);
    },

    // One machine: a job of a process that is gone ends as orphaned says.
    adopt: async () => undefined,

    async sweep(now = Date.now()) {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      const records = new Set(names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)));
      const sweepOne = async (name: string) => {
        const id = name.slice(0, -5);
        if (name.endsWith('.json') && isJobId(id)) {
          const stored = await current(id);
          if (!stored || stored.running || (stored.expires ?? 0) > now) return;
          // Taken aside first: of two processes sweeping at once, one forgets it.
          const gone = await take(id, 'swept');
          await unlink(markerOf(id));
          if (gone) await options.forget?.(gone.data).catch(() => undefined);
          return;
        }
        // A cancel marker stays while its record does; any other file (a write or a claim cut
        // short by the end of its process) goes once older than ttlMs.
        if (name.endsWith('.cancel') && records.has(name.slice(0, -7))) return;
        const file = path.join(dir, name);
        const stat = await fs.stat(file).catch(() => undefined);
        if (stat && stat.mtimeMs + options.ttlMs <= now) await unlink(file);
      };
      // A few files at a time: a sweep of hundreds of records stays short.
      for (let i = 0; i < names.length; i += SWEEP_AT_ONCE)
        await Promise.all(names.slice(i, i + SWEEP_AT_ONCE).map(sweepOne));
    },
  };
}
