import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3Client } from '../src/storage/s3-storage.ts';

/**
 * An S3-compatible server (s3rver, pure JavaScript) on a free port of this machine, with one bucket.
 * s3rver has every call the intranet makes but three of multipart uploads, which @tus/s3-store
 * uses: ListParts (how far an upload got), AbortMultipartUpload and ListMultipartUploads (the
 * sweep). Those are answered here from the folders s3rver keeps on its disk, as S3 answers them
 * (NoSuchUpload for an upload completed or unknown).
 */
export interface TestS3 {
  /** Makes the multipart uploads of the bucket look begun `hours` ago (the sweep reads that). */
  ageUploads(hours: number): Promise<void>;
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
  const s3rver = new S3rver({ directory, silent: true });
  const handle = s3rver.callback();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'GET' && uploadId && !url.searchParams.has('partNumber'))
      listParts(directory, url.pathname, uploadId).then(
        (xml) => res.writeHead(200, { 'content-type': 'application/xml' }).end(xml),
        () => res.writeHead(404, { 'content-type': 'application/xml' }).end(NO_SUCH_UPLOAD),
      );
    else if (req.method === 'DELETE' && uploadId) abortUpload(directory, url.pathname, uploadId, res);
    else if (req.method === 'GET' && url.searchParams.has('uploads'))
      listUploads(directory, url.pathname).then((xml) =>
        res.writeHead(200, { 'content-type': 'application/xml' }).end(xml),
      );
    else handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
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
    async ageUploads(hours) {
      const uploads = path.join(directory, BUCKET, UPLOADS);
      const then = new Date(Date.now() - hours * 3600_000);
      for (const id of await fs.promises.readdir(uploads).catch(() => []))
        await fs.promises.utimes(path.join(uploads, id, 'key'), then, then);
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    async close() {
      client.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** s3rver's folder of the multipart uploads of a bucket: `<id>/key`, `<id>/<part number>`. */
const UPLOADS = '._S3rver_uploads';

/** ListMultipartUploads: each upload's key, and when it began (its `key` file's time). */
async function listUploads(directory: string, pathname: string): Promise<string> {
  const bucket = pathname.split('/')[1] ?? '';
  const folder = path.join(directory, bucket, UPLOADS);
  const ids = await fs.promises.readdir(folder).catch(() => []);
  const uploads = await Promise.all(
    ids.map(async (id) => {
      const keyFile = path.join(folder, id, 'key');
      const [key, stat] = await Promise.all([
        fs.promises.readFile(keyFile, 'utf8'),
        fs.promises.stat(keyFile),
      ]);
      return `<Upload><Key>${key}</Key><UploadId>${id}</UploadId><Initiated>${stat.mtime.toISOString()}</Initiated></Upload>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
}

const NO_SUCH_UPLOAD = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code></Error>';

const uploadFolder = (directory: string, pathname: string, uploadId: string) => {
  if (!/^[0-9a-f]+$/.test(uploadId)) throw new Error('uploadId');
  return path.join(directory, pathname.slice(1).split('/')[0] ?? '', UPLOADS, uploadId);
};

function abortUpload(directory: string, pathname: string, uploadId: string, res: http.ServerResponse): void {
  const folder = uploadFolder(directory, pathname, uploadId);
  if (!fs.existsSync(folder)) {
    res.writeHead(404, { 'content-type': 'application/xml' }).end(NO_SUCH_UPLOAD);
    return;
  }
  fs.rmSync(folder, { recursive: true, force: true });
  res.writeHead(204).end();
}

/** ListParts of one multipart upload, read from s3rver's folder (`<bucket>/._S3rver_uploads/<id>/<n>`). */
async function listParts(directory: string, pathname: string, uploadId: string): Promise<string> {
  const [bucket = '', ...key] = pathname.slice(1).split('/');
  const folder = uploadFolder(directory, pathname, uploadId);
  const numbers = (await fs.promises.readdir(folder))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (n) => {
      const file = path.join(folder, String(n));
      const [stat, md5] = await Promise.all([
        fs.promises.stat(file),
        fs.promises.readFile(`${file}.md5`, 'utf8'),
      ]);
      return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${decodeURIComponent(key.join('/'))}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
}
