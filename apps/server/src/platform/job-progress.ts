import { PROGRESS_INTERVAL_MS } from './job-records.ts';

/** The writes of one running job, in order, for either records driver. */
export interface ProgressWriter<T> {
  /** The job's state so far: written at most every PROGRESS_INTERVAL_MS, the latest one last. */
  progress(next: T): void;
  /** Another write of the driver's (a heartbeat), after those queued before it. */
  queue(write: () => Promise<unknown>): void;
  /** The latest state the job gave, written or about to be. */
  known(): T;
  /** Stops writing progress and waits for what was queued. */
  finish(): Promise<void>;
}

/** A write that fails is not the job's failure: the next one, or its end, follows. */
export function progressWriter<T>(initial: T, write: (data: T) => Promise<unknown>): ProgressWriter<T> {
  let latest: T | undefined;
  let known = initial;
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<unknown> = Promise.resolve();
  let done = false;
  const queue = (next: () => Promise<unknown>) => {
    writing = writing.then(next).catch(() => undefined);
  };
  const flush = () => {
    timer = undefined;
    if (done || latest === undefined) return;
    const next = latest;
    latest = undefined;
    last = Date.now();
    queue(() => write(next));
  };
  return {
    progress(next) {
      if (done) return;
      latest = next;
      known = next;
      if (timer) return;
      timer = setTimeout(flush, Math.max(0, last + PROGRESS_INTERVAL_MS - Date.now()));
      timer.unref();
    },
    queue,
    known: () => known,
    async finish() {
      done = true;
      clearTimeout(timer);
      await writing;
    },
  };
}
