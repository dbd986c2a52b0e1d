import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { MSG } from '@intranet/contracts';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { HttpError } from './errors.ts';

export interface RateRule {
  max: number;
  windowMs: number;
}

/** Failures beyond `afterFailures` wait baseMs, then twice as long each time, at most maxMs. */
export interface DelayRule {
  afterFailures: number;
  baseMs: number;
  maxMs: number;
}

export interface RateLimits {
  /** Failed logins from one address (a successful sign-in gives its attempt back). */
  loginPerIp: RateRule;
  /** Wrong passwords of one person from one address (login, checkpassword, own password change). */
  loginPerUser: RateRule;
  /** Wrong passwords of one person from every address together. */
  loginPerUserEverywhere: RateRule;
  /** The wait before answering a wrong password, growing with the person's failures. */
  passwordDelay: DelayRule;
  recoveryPerIp: RateRule;
  recoveryPerUser: RateRule;
  /** Reads of iCalendar links (the public feed route) from one address, right or wrong secret. */
  calendarFeedPerIp: RateRule;
  /** Lookups of an OT's attachments by one person (an OT number is guessable: issue 31). */
  otLookupPerUser: RateRule;
}

const MINUTE = 60_000;

/**
 * Offices share one public IP, so the per-IP rules are loose. Guessing is stopped per person: per
 * address first (so a stranger's failures do not lock the user out at his own desk), then across
 * every address with a wider limit, and slowed down by a growing delay.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { max: 200, windowMs: 15 * MINUTE },
  loginPerUser: { max: 10, windowMs: 15 * MINUTE },
  loginPerUserEverywhere: { max: 50, windowMs: 15 * MINUTE },
  passwordDelay: { afterFailures: 3, baseMs: 250, maxMs: 4000 },
  recoveryPerIp: { max: 50, windowMs: 15 * MINUTE },
  recoveryPerUser: { max: 10, windowMs: 15 * MINUTE },
  // Calendar apps poll each link every few minutes to hours; a whole office shares one address.
  calendarFeedPerIp: { max: 300, windowMs: 15 * MINUTE },
  // A person at the dock types one OT at a time (4 a minute on average); a guesser meets the wall.
  otLookupPerUser: { max: 60, windowMs: 15 * MINUTE },
};

type Check = (request: FastifyRequest) => Promise<void>;

const tooMany = (msBeforeNext: number) =>
  new HttpError(429, MSG.tooManyRequests, { retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) });

/** The PostgreSQL table of the counters (migration 0044): a row per key, its points and expiry. */
export const COUNTERS_TABLE = 'rate_limit_counters';

/**
 * Where the counters of one app live (decision 0124), each limiter one counter per key over a window:
 * - PostgreSQL: in the database (rate-limiter-flexible's Postgres store), so every server and
 *   process on it counts together: ten wrong passwords are ten whichever server got them.
 * - SQLite (one machine): in this process; in a server of several processes (main.ts, WORKERS) in
 *   the primary, which every worker asks over Node's IPC (the cluster limiter).
 * `name` must be unique among the app's limiters (it prefixes the keys, and the primary keeps one
 * counter table per name).
 */
export interface Counters {
  limiter(name: string, rule: RateRule): RateLimiterAbstract;
}

export function createCounters(pool?: pg.Pool): Counters {
  let sweeper = true;
  return {
    limiter(name, rule) {
      const options = {
        keyPrefix: name,
        points: rule.max,
        duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
      };
      if (pool) {
        // One limiter per app removes the rows expired an hour ago (every 5 min): the table is shared.
        const clearExpiredByTimeout = sweeper;
        sweeper = false;
        return new RateLimiterPostgres({
          ...options,
          storeClient: pool,
          storeType: 'pool',
          tableName: COUNTERS_TABLE,
          tableCreated: true,
          clearExpiredByTimeout,
        });
      }
      return cluster.isWorker
        ? new RateLimiterCluster({ ...options, timeoutMs: 5000 })
        : new RateLimiterMemory(options);
    },
  };
}

/** Counts one attempt under `key`; throws the 429 when the window's attempts are exceeded. */
async function consume(counter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await counter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooMany(err.msBeforeNext);
    throw err;
  }
}

/** A preHandler that applies one rule per client address, answering 429 when it is exceeded. */
export function rateLimitPerIp(counters: Counters, name: string, rule: RateRule): Check {
  const byIp = counters.limiter(`${name}:ip`, rule);
  return (request) => consume(byIp, request.ip);
}

/** A rule per client address over attempts that may fail: only the failures add up. */
export interface FailureLimit {
  /** A preHandler: counts the attempt, answering 429 once the address has too many. */
  check: Check;
  /** Gives the request's attempt back: call it when the attempt succeeded. */
  succeeded(request: FastifyRequest): Promise<void>;
}

/**
 * Every attempt takes a point before it runs and a success gives it back, so an office behind one
 * address signs in as often as it needs while its failures still add up. Taking the point first
 * keeps the count right under concurrent attempts (a check-then-count would let a burst through).
 */
export function rateLimitFailuresPerIp(counters: Counters, name: string, rule: RateRule): FailureLimit {
  const byIp = counters.limiter(`${name}:ip`, rule);
  return {
    check: (request) => consume(byIp, request.ip),
    async succeeded(request) {
      await byIp.reward(request.ip, 1);
    },
  };
}

/**
 * One rule over any key (a person's id), for a service that decides whom it applies to: counts
 * one use, answering 429 when the window's uses are exceeded.
 */
export function keyedLimit(counters: Counters, name: string, rule: RateRule): (key: string) => Promise<void> {
  const counter = counters.limiter(name, rule);
  return (key) => consume(counter, key);
}

/**
 * A preHandler that applies one rule per IP and one per user (the body field `userField`),
 * answering 429 with a Portuguese message when either is exceeded.
 */
export function rateLimitPair(
  counters: Counters,
  name: string,
  perIp: RateRule,
  perUser: RateRule,
  userField: string,
): Check {
  const byIp = counters.limiter(`${name}:ip`, perIp);
  const byUser = counters.limiter(`${name}:user`, perUser);
  return async (request) => {
    await consume(byIp, request.ip);
    const body = request.body as Record<string, unknown> | undefined;
    const raw = body?.[userField];
    await consume(byUser, typeof raw === 'string' ? raw.trim().toLowerCase().slice(0, 20) : '');
  };
}

/**
 * Counts wrong passwords per person (a user id, or the normalised name typed when no user has it):
 * per (person, address) and per person everywhere. Right passwords are not counted.
 */
export interface PasswordGuard {
  /** Throws 429 while the person has too many failures from this address, or from all together. */
  assertAllowed(person: string, address: string): Promise<void>;
  /** Counts a wrong password, then waits the growing delay: call it before answering the failure. */
  failed(person: string, address: string): Promise<void>;
}

export function createPasswordGuard(counters: Counters, limits: RateLimits): PasswordGuard {
  const here = counters.limiter('password:here', limits.loginPerUser);
  const everywhere = counters.limiter('password:everywhere', limits.loginPerUserEverywhere);
  const hereKey = (person: string, address: string) => `${person}|${address}`;
  const { afterFailures, baseMs, maxMs } = limits.passwordDelay;

  return {
    async assertAllowed(person, address) {
      const [atAddress, overall] = await Promise.all([
        here.get(hereKey(person, address)),
        everywhere.get(person),
      ]);
      if (atAddress && atAddress.consumedPoints >= limits.loginPerUser.max)
        throw tooMany(atAddress.msBeforeNext);
      if (overall && overall.consumedPoints >= limits.loginPerUserEverywhere.max)
        throw tooMany(overall.msBeforeNext);
    },
    async failed(person, address) {
      const [, overall] = await Promise.all([
        here.penalty(hereKey(person, address)),
        everywhere.penalty(person),
      ]);
      const beyond = overall.consumedPoints - afterFailures;
      if (beyond > 0) await sleep(Math.min(maxMs, baseMs * 2 ** Math.min(beyond - 1, 30)));
    },
  };
}
