/**
 * The object storage of `npm run bench:soak`: the tests' S3-compatible server (s3rver,
 * apps/server/test/s3-server.ts) in a process of its own, so that it does not share autocannon's
 * event loop. Prints `S3_ENV <json>` (the STORAGE and S3_* settings of its bucket) once it listens.
 */
import { startTestS3 } from '../apps/server/test/s3-server.ts';

const s3 = await startTestS3();
process.stdout.write(`S3_ENV ${JSON.stringify(s3.env)}\n`);

const close = () => {
  void s3.close().then(() => process.exit(0));
};
process.once('SIGTERM', close);
process.once('SIGINT', close);
