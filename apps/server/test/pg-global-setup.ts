import type { TestProject } from 'vitest/node';
import { locatePostgres, startPgCluster } from './pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** Starts one PostgreSQL cluster for the whole run; each test file creates its own database in it. */
export default async function setup(project: TestProject) {
  const postgres = await locatePostgres();
  console.log(`PostgreSQL: ${postgres.description}`);
  const cluster = await startPgCluster(postgres).catch((error: unknown) => {
    throw new Error(`PostgreSQL: ${postgres.description} did not start: ${String(error)}`);
  });
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
