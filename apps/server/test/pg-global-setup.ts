import type { TestProject } from 'vitest/node';
import { findPgBin, startPgCluster } from './pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** Starts one PostgreSQL cluster for the whole run; each test file creates its own database in it. */
export default async function setup(project: TestProject) {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (initdb/pg_ctl)');
  const cluster = await startPgCluster(bin);
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
