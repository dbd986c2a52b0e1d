import { it } from 'vitest';

const banner = `
################################################################################
#  PostgreSQL NOT TESTED: no initdb/pg_ctl on PATH or under /usr/lib/postgresql  #
#  The integration tests ran on SQLite only. Install postgresql to run both.     #
################################################################################`;

it('runs the integration tests on PostgreSQL', (context) => {
  console.warn(banner);
  context.skip('PostgreSQL binaries are missing on this machine');
});
