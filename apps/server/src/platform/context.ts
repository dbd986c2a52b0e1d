import type { Config } from '../config.ts';
import type { Db, Dialect } from '../db/database.ts';
import type { Storage } from '../storage/storage.ts';
import type { JobHost } from './job-host.ts';
import type { LiveEvents } from './live-events.ts';
import type { Mailer } from './mail.ts';
import type { Counters, RateLimits } from './rate-limit.ts';

/** What every module's routes receive: the shared services of one running app. */
export interface AppContext {
  db: Db;
  dialect: Dialect;
  storage: Storage;
  mailer: Mailer;
  config: Config;
  rateLimits: RateLimits;
  /** Where the rate limits count (platform/rate-limit.ts): the database on PostgreSQL. */
  counters: Counters;
  /** Events heard by every process (platform/live-events.ts): the pendências' live updates. */
  live: LiveEvents;
  /** This app's background jobs (platform/job-host.ts): its close stops and hands them over. */
  jobs: JobHost;
}
