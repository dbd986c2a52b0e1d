import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable, unreachableWarnings, WARN_EVERY_MS } from './database-unreachable.ts';

const coded = (code: string, message = 'falha', syscall?: string) =>
  Object.assign(new Error(message), { code, ...(syscall ? { syscall } : {}) });

// The PostgreSQL faults are met for real in test/database-outage.test.ts; SQLite's disk faults and
// the rarer socket states cannot be caused on demand, so their errors are named here as thrown.
describe('which errors mean the database is out of reach (503)', () => {
  it.each([
    ['ECONNREFUSED', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432', 'connect')],
    [
      'ECONNREFUSED on every address',
      Object.assign(new AggregateError([], 'connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    ['ECONNRESET', coded('ECONNRESET', 'read ECONNRESET', 'read')],
    ['57P01 admin shutdown', coded('57P01', 'terminating connection due to administrator command')],
    ['57P03 cannot connect now', coded('57P03', 'the database system is shutting down')],
    ['08006 connection failure', coded('08006', 'connection failure')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ["pg-pool's connect timeout", new Error('timeout exceeded when trying to connect')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['SQLite disk fault', coded('SQLITE_IOERR_READ', 'disk I/O error')],
    ['SQLite file unopenable', coded('SQLITE_CANTOPEN', 'unable to open database file')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a data exception', coded('22P02')],
    ["SQLite's lock (its own 503)", coded('SQLITE_BUSY')],
    ['a constraint in SQLite', coded('SQLITE_CONSTRAINT_UNIQUE')],
    ['a browser gone mid-upload', coded('ECONNRESET', 'aborted')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an Error', { code: 'ECONNREFUSED' }],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

describe('the warning of an outage', () => {
  it('is logged for its first failure, then once every WARN_EVERY_MS while it lasts', () => {
    let now = 1_000_000;
    const shouldWarn = unreachableWarnings(() => now);
    expect(shouldWarn()).toBe(true);
    now += 1;
    expect(shouldWarn()).toBe(false);
    now += WARN_EVERY_MS - 2;
    expect(shouldWarn()).toBe(false);
    now += 1;
    expect(shouldWarn()).toBe(true);
  });
});
