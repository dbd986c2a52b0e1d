/** Memory and CPU of a child process, read from Linux /proc (null elsewhere). */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/**
 * The child and the processes it started (the server's workers when WORKERS > 1: the pids whose
 * parent it is), read from /proc; [] when /proc is not readable.
 */
function processTree(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  try {
    const children = fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((name) => {
        try {
          const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [pid, ...children];
  } catch {
    return [];
  }
}

/** Resident memory of a child and its peak so far, in MiB: the sums over its workers too. */
export function rssMb(child: ChildProcess): { rss: number; peak: number } | null {
  let rss = 0;
  let peak = 0;
  for (const pid of processTree(child.pid)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (key: string) =>
        Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
      rss += kb('VmRSS');
      peak += kb('VmHWM');
    } catch {}
  }
  if (rss === 0) return null;
  return { rss: Math.round(rss / 1024), peak: Math.round(peak / 1024) };
}

export interface RssSummary {
  /** RSS when sampling started, in MiB. */
  start: number;
  min: number;
  max: number;
  end: number;
  samples: number;
}

/**
 * Samples a child's VmRSS every `everyMs` until the returned stop() is called; stop() answers the
 * start, lowest, highest and last values (MiB), or null when /proc is not readable.
 */
export function sampleRss(child: ChildProcess, everyMs = 100): () => RssSummary | null {
  const values: number[] = [];
  const take = () => {
    const m = rssMb(child);
    if (m) values.push(m.rss);
  };
  take();
  const timer = setInterval(take, everyMs);
  return () => {
    clearInterval(timer);
    take();
    if (values.length === 0) return null;
    return {
      start: values[0]!,
      min: Math.min(...values),
      max: Math.max(...values),
      end: values[values.length - 1]!,
      samples: values.length,
    };
  };
}

/** Busy CPU ticks of the whole machine (USER_HZ ticks). */
function machineBusyTicks(): number | null {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    return user! + nice! + system! + irq! + softirq! + (steal ?? 0);
  } catch {
    return null;
  }
}

/** CPU ticks used by the child and its workers (utime + stime of each); null off Linux. */
function processTicks(pid: number | undefined): number | null {
  let ticks: number | null = null;
  for (const one of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${one}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks = (ticks ?? 0) + Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks;
}

const TICKS_PER_SECOND = 100;

export interface CpuUse {
  serverPercent: number;
  benchPercent: number;
  otherPercent: number;
  loadAverage1m: number;
}

/**
 * Samples CPU use around a measurement: how much the server and this process (autocannon) used,
 * and how much every other process on the machine used. The last one should stay near 0: when
 * it does not, something else was competing for the CPUs and the numbers are low.
 */
export function cpuMeter(server: ChildProcess): () => CpuUse | null {
  const start = {
    at: process.hrtime.bigint(),
    machine: machineBusyTicks(),
    server: processTicks(server.pid),
    self: process.cpuUsage(),
  };
  return () => {
    const seconds = Number(process.hrtime.bigint() - start.at) / 1e9;
    const machine = machineBusyTicks();
    const serverNow = processTicks(server.pid);
    if (machine === null || start.machine === null || serverNow === null || start.server === null)
      return null;
    const self = process.cpuUsage(start.self);
    const selfTicks = ((self.user + self.system) / 1e6) * TICKS_PER_SECOND;
    const pct = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100);
    const serverTicks = serverNow - start.server;
    return {
      serverPercent: pct(serverTicks),
      benchPercent: pct(selfTicks),
      otherPercent: Math.max(0, pct(machine - start.machine - serverTicks - selfTicks)),
      loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)),
    };
  };
}
