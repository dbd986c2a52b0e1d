/**
 * The object storage of `npm run bench:soak`: the tests' S3-compatible server (s3rver,
 * apps/server/test/s3-server.ts) in a process of its own, so that it does not share autocannon's
 * event loop. Prints `S3_ENV <json>` (the STORAGE and S3_* settings of its bucket) once it listens.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../apps/server/src/storage/s3-storage.ts';
import { startTestS3 } from '../apps/server/test/s3-server.ts';

const s3 = await startTestS3();
const { env } = s3;
// s3rver removes a folder once its last file is deleted; a write opening a file in that folder at
// the same moment fails and its unhandled error ends the process (seen at ~150 writes a minute).
// The servers write every file under `.tmp/` first and delete it once committed: one object that
// stays keeps that folder.
const client = s3Client({
  endpoint: env.S3_ENDPOINT,
  region: env.S3_REGION!,
  bucket: env.S3_BUCKET!,
  accessKeyId: env.S3_ACCESS_KEY_ID!,
  secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  forcePathStyle: true,
});
await client.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: '.tmp/.keep', Body: '' }));
client.destroy();
process.stdout.write(`S3_ENV ${JSON.stringify(env)}\n`);

const close = () => {
  void s3.close().then(() => process.exit(0));
};
process.once('SIGTERM', close);
process.once('SIGINT', close);
