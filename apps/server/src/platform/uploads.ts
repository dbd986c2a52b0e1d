import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { MSG } from '@intranet/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeStream, type ReadableStreamWithFileType } from 'file-type/node';
import { type Storage, StorageUnavailable, type TempFile } from '../storage/storage.ts';
import { badRequest, HttpError, payloadTooLarge, unsupportedMedia } from './errors.ts';
import { holdsNul } from './text-guard.ts';

export interface UploadRule {
  maxBytes: number;
  /**
   * Accepted types, decided from the file's first bytes (never from its name or the client's claim).
   * 'any' accepts every file; one without a known signature (text, CSV…) is stored as
   * application/octet-stream with its name's extension.
   */
  allowedMimes: readonly string[] | 'any';
  /** A last say on each typed file (e.g. refusing executables): the message refuses it with 415. */
  refuse?: (file: { originalName: string; mime: string; ext: string }) => string | undefined;
  /** Called with the fields read so far before each file is streamed, so a bad target is refused early. */
  beforeFile?: (fields: Record<string, string>) => Promise<void> | void;
  invalidTypeMessage: string;
  tooLargeMessage: string;
  maxFiles?: number;
  /** Folder of the generated storage key, e.g. "profile". */
  prefix: string;
}

export interface ReceivedFile {
  field: string;
  originalName: string;
  mime: string;
  ext: string;
  size: number;
  /** The generated storage key; the bytes land there on commit(). */
  key: string;
  temp: TempFile;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Moves every file under its key: call once the rows pointing to them are committed. */
  commit(): Promise<void>;
  /** Drops every temporary file: call when the change is refused or rolled back. */
  discard(): Promise<void>;
}

/** Only [A-Za-z0-9 ._-] survives in a displayed original name; the disk never sees it. */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(0, 255) || 'arquivo';
}

/** The type of a file without a known signature: its name's extension, served as bytes. */
function untyped(filename: string): { mime: string; ext: string } {
  const ext = /\.([a-z0-9]{1,10})$/i.exec(filename)?.[1]?.toLowerCase() ?? 'bin';
  return { mime: 'application/octet-stream', ext };
}

/**
 * fileTypeStream, but always settled. fileTypeStream waits for the stream's 'readable' event,
 * which never comes when the stream ended before it listened: an empty file part (refused here),
 * or a body that ends inside a file part, which makes the multipart plugin destroy the stream.
 */
function detectType(file: MultipartFile['file']): Promise<ReadableStreamWithFileType> {
  const truncated = () => badRequest(MSG.uploadUnreadable);
  if (file.destroyed) return Promise.reject(truncated());
  return new Promise((resolve, reject) => {
    const onEnd = () => {
      if (file.bytesRead === 0) reject(badRequest(MSG.uploadEmpty));
    };
    const onClose = () => {
      if (!file.readableEnded) reject(truncated());
    };
    const cleanup = () => {
      file.off('end', onEnd);
      file.off('close', onClose);
    };
    file.once('end', onEnd);
    file.once('close', onClose);
    fileTypeStream(file, { sampleSize: 4100 }).then(
      (typed) => {
        cleanup();
        // 'readable' came for the end of the stream, not for bytes.
        if (file.bytesRead === 0) reject(badRequest(MSG.uploadEmpty));
        else resolve(typed);
      },
      (err: unknown) => {
        cleanup();
        reject(err);
      },
    );
  });
}

/**
 * Streams a multipart request: each file goes to temporary storage while its magic bytes are
 * checked; fields are collected as text. Nothing is visible under its key until commit().
 */
export async function receiveMultipart(
  request: FastifyRequest,
  storage: Storage,
  rule: UploadRule,
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw unsupportedMedia('O envio deve ser multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const discard = async () => {
    await Promise.all(files.map((f) => f.temp.discard()));
  };
  try {
    const parts = request.parts({
      limits: { fileSize: rule.maxBytes, files: rule.maxFiles ?? 1, fields: 50, fieldSize: 100_000 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (holdsNul(value) || holdsNul(part.fieldname)) throw badRequest(MSG.invalidText);
        fields[part.fieldname] = value;
        continue;
      }
      if (rule.beforeFile) {
        try {
          await rule.beforeFile(fields);
        } catch (err) {
          part.file.resume();
          throw err;
        }
      }
      const typed = await detectType(part.file);
      const detected = typed.fileType ?? (rule.allowedMimes === 'any' ? untyped(part.filename) : undefined);
      if (!detected || (rule.allowedMimes !== 'any' && !rule.allowedMimes.includes(detected.mime))) {
        part.file.resume();
        throw unsupportedMedia(rule.invalidTypeMessage);
      }
      const refusal = rule.refuse?.({ originalName: part.filename, mime: detected.mime, ext: detected.ext });
      if (refusal) {
        part.file.resume();
        throw unsupportedMedia(refusal);
      }
      const temp = await storage.writeTemp(typed);
      if (part.file.truncated) {
        await temp.discard();
        throw payloadTooLarge(rule.tooLargeMessage);
      }
      files.push({
        field: part.fieldname,
        originalName: cleanOriginalName(part.filename),
        mime: detected.mime,
        ext: detected.ext,
        size: temp.size,
        key: `${rule.prefix}/${randomUUID()}.${detected.ext}`,
        temp,
      });
    }
  } catch (err) {
    await discard();
    if (err instanceof HttpError) throw err;
    // Disk and object store faults are the server's problem, not the client's.
    if ((err as NodeJS.ErrnoException).syscall || err instanceof StorageUnavailable) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(rule.tooLargeMessage);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Arquivos demais no envio.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('Campos demais no formulário.');
    throw badRequest(MSG.uploadUnreadable);
  }
  return {
    fields,
    files,
    async commit() {
      for (const f of files) await f.temp.commit(f.key);
    },
    discard,
  };
}
