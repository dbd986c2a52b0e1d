import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobHost, RESUME_EVERY_MS } from './job-host.ts';
import type { JobRecords } from './job-records.ts';

describe('the jobs of one app (platform/job-host.ts)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks for jobs to take over every second; a database away is logged once, not every look', async () => {
    vi.useFakeTimers();
    const host = createJobHost();
    let away = true;
    let looks = 0;
    // Only adopt() is asked for: what it answers is the database's part, tested on PostgreSQL.
    const records = {
      adopt: async () => {
        looks++;
        if (away) throw new Error('banco de dados fora do ar');
        return undefined;
      },
    } as unknown as JobRecords<unknown>;
    const errors: unknown[] = [];
    const log = {
      error: (o: unknown) => errors.push(o),
      warn: () => undefined,
    } as unknown as FastifyBaseLogger;
    host.resume(records, async () => undefined, log);
    await vi.advanceTimersByTimeAsync(3 * RESUME_EVERY_MS);
    expect(looks).toBe(3);
    expect(errors).toHaveLength(1);
    away = false;
    await vi.advanceTimersByTimeAsync(RESUME_EVERY_MS);
    away = true;
    await vi.advanceTimersByTimeAsync(2 * RESUME_EVERY_MS);
    expect(errors).toHaveLength(2);
    // Closed: no more looks, and its signal stops its jobs.
    await host.close();
    expect(host.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * RESUME_EVERY_MS);
    expect(looks).toBe(6);
  });
});
