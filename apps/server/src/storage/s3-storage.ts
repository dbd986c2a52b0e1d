import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isSocketFault } from '../platform/database-unreachable.ts';
import {
  assertValidKey,
  type ByteRange,
  isValidKey,
  type ListedObject,
  type Storage,
  StorageUnavailable,
  type StoredObject,
  type TempFile,
} from './storage.ts';

export interface S3Settings {
  /** Unset: Amazon S3 itself; otherwise the address of an S3-compatible server. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** http://host/bucket/key instead of http://bucket.host/key (MinIO, Garage, s3rver). */
  forcePathStyle: boolean;
}

/** Where writes wait for their commit. */
const TMP = '.tmp/';

/** CopyObject copies at most 5 GiB; larger objects are copied in parts of this size. */
const COPY_PART_BYTES = 1024 ** 3;
const SINGLE_COPY_MAX = 5 * 1024 ** 3;

/**
 * The object store out of reach, timing out, or failing on its side after the SDK's own retries:
 * its HTTP 5xx (503 SlowDown, 500 InternalError).
 */
function isStoreFault(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (isSocketFault(err) || err.name === 'TimeoutError') return true;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status !== undefined && status >= 500;
}

export function s3Client(s: S3Settings): S3Client {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // The SDK's default checksums travel as aws-chunked trailers, which many S3-compatible servers
    // store as part of the bytes or refuse: checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // Every command, lib-storage's uploads too: a fault of the store is told apart from the database's.
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (err) {
        throw isStoreFault(err) ? new StorageUnavailable(err) : err;
      }
    },
    { step: 'initialize', name: 'storageUnavailable' },
  );
  return client;
}

const isNotFound = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Files as objects `<key>` of one bucket. A write streams to `.tmp/<uuid>` (multipart above 5 MiB,
 * so memory stays at a part whatever the size); commit copies it under its key on the server side
 * and deletes the temporary object. Reads stream the object, a byte range with GetObject's Range.
 */
export function createS3Storage(settings: S3Settings, client = s3Client(settings)): Storage {
  const Bucket = settings.bucket;

  async function copy(from: string, to: string, size: number): Promise<void> {
    const CopySource = `${Bucket}/${from}`;
    if (size <= SINGLE_COPY_MAX) {
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource }));
      return;
    }
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: to }));
    try {
      const Parts: { ETag: string | undefined; PartNumber: number }[] = [];
      for (let start = 0, PartNumber = 1; start < size; start += COPY_PART_BYTES, PartNumber++) {
        const end = Math.min(start + COPY_PART_BYTES, size) - 1;
        const part = await client.send(
          new UploadPartCopyCommand({
            Bucket,
            Key: to,
            UploadId,
            PartNumber,
            CopySource,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        Parts.push({ ETag: part.CopyPartResult?.ETag, PartNumber });
      }
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key: to, UploadId, MultipartUpload: { Parts } }),
      );
    } catch (err) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: to, UploadId }))
        .catch(() => undefined);
      throw err;
    }
  }

  const remove = (Key: string) => client.send(new DeleteObjectCommand({ Bucket, Key }));

  return {
    async writeTemp(source: Readable): Promise<TempFile> {
      const tmpKey = `${TMP}${randomUUID()}`;
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const upload = new Upload({ client, params: { Bucket, Key: tmpKey, Body: counted } });
      try {
        // The source's failure reaches the upload through `counted`, which aborts its parts.
        await Promise.all([pipeline(source, counted), upload.done()]);
      } catch (err) {
        counted.destroy();
        await upload.abort().catch(() => undefined);
        await remove(tmpKey).catch(() => undefined);
        throw err;
      }
      return {
        size,
        async commit(key) {
          assertValidKey(key);
          await copy(tmpKey, key, size);
          await remove(tmpKey);
        },
        async discard() {
          await remove(tmpKey);
        },
      };
    },

    async read(key: string, range?: ByteRange): Promise<Readable> {
      assertValidKey(key);
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
      if (!(Body instanceof Readable)) throw new Error(`objeto sem corpo legível: ${key}`);
      return Body;
    },

    async stat(key: string): Promise<StoredObject | undefined> {
      assertValidKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },

    async delete(key: string): Promise<void> {
      assertValidKey(key);
      await remove(key);
    },

    async *list(prefix = ''): AsyncGenerator<ListedObject> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key ?? '';
          // `.tmp/<uuid>` (writes not committed) and tus's `<id>`, `<id>.info`: not keys.
          if (isValidKey(key))
            yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async sweepTemporary(before: Date): Promise<number> {
      let removed = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: TMP, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key?.startsWith(TMP) || !(object.LastModified && object.LastModified < before))
            continue;
          await remove(object.Key);
          removed++;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      // A write killed mid-stream leaves its parts as an unfinished multipart upload, not an object.
      const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: TMP }));
      for (const upload of uploads.Uploads ?? []) {
        if (!upload.Key?.startsWith(TMP) || !(upload.Initiated && upload.Initiated < before)) continue;
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }))
          .catch(() => undefined);
        removed++;
      }
      return removed;
    },
  };
}
