import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3Client } from '../src/storage/s3-storage.ts';

/** An S3-compatible server (s3rver, pure JavaScript) on a free port of this machine, with one bucket. */
export interface TestS3 {
  /** The settings an app reads to store its files in the bucket (STORAGE=s3 and the S3_* names). */
  env: Record<string, string>;
  /** Every object key in the bucket, temporary ones included, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const BUCKET = 'intranet-test';
// The SDK's notice that its 2027 releases need Node 22 says nothing about the tests.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'intranet-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    // s3rver's fixed credentials; it checks the request signatures made with them.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = s3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  return {
    env,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
