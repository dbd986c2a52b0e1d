import { defineConfig } from 'vitest/config';
import { findPgBin } from './apps/server/test/pg-cluster.ts';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const pgAvailable = Boolean(findPgBin());

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server:sqlite',
          include: serverTests,
          exclude: ['apps/server/test/postgres-missing.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      pgAvailable
        ? {
            test: {
              name: 'server:postgres',
              include: serverTests,
              exclude: ['apps/server/test/postgres-missing.test.ts'],
              env: { TEST_DB: 'postgres' },
              globalSetup: ['apps/server/test/pg-global-setup.ts'],
              testTimeout: 20_000,
              hookTimeout: 60_000,
            },
          }
        : { test: { name: 'server:postgres', include: ['apps/server/test/postgres-missing.test.ts'] } },
    ],
  },
});
