import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRecord, JobRecords, RunningJob } from './job-records.ts';

/**
 * The background jobs of one running app (decision 0127): who it is to the records it runs, the
 * signal its jobs stop on when it closes, and the loops that take over the jobs of servers that are
 * gone. Its close stops those loops, aborts its jobs (a resumable one hands its record back, for
 * another server to run again from the start) and waits for them.
 */
export interface JobHost {
  /** This app, as the records it runs name it (PostgreSQL): random, one per app. */
  readonly owner: string;
  /** Aborted when the app closes: its jobs stop at their next step. */
  readonly signal: AbortSignal;
  /** A job this app runs: its close waits for it. */
  track(work: Promise<unknown>): void;
  /**
   * Every RESUME_EVERY_MS, takes one running record of `records` whose server is gone (records in
   * the database only) and runs it here.
   */
  resume<T>(
    records: JobRecords<T>,
    run: (job: RunningJob<T>, record: JobRecord<T>) => Promise<void>,
    log: FastifyBaseLogger,
  ): void;
  close(): Promise<void>;
}

/** How often a server looks for jobs to take over. */
export const RESUME_EVERY_MS = 1_000;

export function createJobHost(): JobHost {
  const aborts = new AbortController();
  const running = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch(() => undefined);
    running.add(settled);
    void settled.finally(() => running.delete(settled));
  };
  return {
    owner: randomUUID(),
    signal: aborts.signal,
    track,
    resume(records, run, log) {
      let busy = false;
      /** A database away fails every look: said once, not every second. */
      let failing = false;
      const look = async () => {
        // One look at a time: a slow database does not stack them up.
        if (busy || aborts.signal.aborted) return;
        busy = true;
        try {
          for (;;) {
            const adopted = await records.adopt();
            if (!adopted || aborts.signal.aborted) break;
            log.warn({ jobId: adopted.job.id }, 'tarefa de um servidor que parou retomada aqui');
            track(run(adopted.job, adopted.record));
          }
          failing = false;
        } catch (err) {
          if (!failing) log.error({ err }, 'falha ao procurar tarefas para retomar');
          failing = true;
        } finally {
          busy = false;
        }
      };
      const timer = setInterval(() => void look(), RESUME_EVERY_MS);
      timer.unref();
      timers.add(timer);
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      aborts.abort();
      await Promise.all(running);
    },
  };
}
