/**
 * `npx tsx bench/job-records-timing.ts`: what the shared job records (platform/job-records.ts) cost
 * a request: writing a record (temporary file + rename), reading one (a poll), reading a running
 * one (its process checked), a job's cancel check (every 500 rows of a reading) and one sweep, on
 * JOB_RECORDS (200) records under a temporary DATA_DIR. Prints milliseconds per call.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { jobRecords } from '../apps/server/src/platform/job-records.ts';
import { positive } from './support/settings.ts';

const COUNT = positive('JOB_RECORDS', 200);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'job-records-timing-'));
const records = jobRecords<{ rows: number; preview: unknown }>(
  { config: loadConfig({ DATA_DIR: dataDir }) },
  { kind: 'timing', ttlMs: 60_000, orphaned: (d) => d },
);
const ids = Array.from({ length: COUNT }, () => randomUUID());
// About a preview's size: 100 refused rows listed with their reasons.
const preview = {
  refused: Array.from({ length: 100 }, (_, line) => ({ line, reason: 'DATA_INFRACAO: Data inválida.' })),
};
const timed = async (label: string, calls: number, run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  console.log(`${label}: ${((performance.now() - started) / calls).toFixed(3)} ms`);
};

await timed('keep (write + rename), each', COUNT, async () => {
  for (const id of ids) await records.keep(id, 1, { rows: 1, preview });
});
await timed('read of a kept record, each', COUNT * 5, async () => {
  for (let i = 0; i < 5; i++) for (const id of ids) await records.read(id);
});
const running = ids.slice(0, Math.min(50, COUNT));
const jobs = await Promise.all(running.map((id) => records.start(id, 1, { rows: 0, preview: null })));
await timed('read of a running record (its process checked), each', running.length * 5, async () => {
  for (let i = 0; i < 5; i++) for (const id of running) await records.read(id);
});
await timed('cancelled() check, each', jobs.length * 5, async () => {
  for (let i = 0; i < 5; i++) for (const job of jobs) await job.cancelled();
});
await timed(`sweep of ${COUNT} records`, 1, () => records.sweep());
for (const job of jobs) await job.end({ rows: 1, preview: null });
fs.rmSync(dataDir, { recursive: true, force: true });
