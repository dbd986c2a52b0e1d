import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { fileTypeStream } from 'file-type/node';
import { it } from 'vitest';

it('scratch', async () => {
  const app = Fastify();
  await app.register(multipart);
  app.post('/u', async (request) => {
    request.raw.on('end', () => console.log('req end'));
    request.raw.on('close', () => console.log('req close'));
    const parts = request.parts({ limits: { fileSize: 3 * 1024 * 1024, files: 1 } });
    try {
      for await (const part of parts) {
        console.log('part', part.type);
        if (part.type === 'field') continue;
        part.file.on('close', () => console.log('file close'));
        part.file.on('end', () => console.log('file end'));
        part.file.on('error', (e) => console.log('file error', e.message));
        setTimeout(() => console.log('state', part.file.readableLength, part.file.readableEnded, part.file.destroyed, request.raw.readableEnded, request.raw.readableFlowing), 500);
        const typed = await fileTypeStream(part.file, { sampleSize: 4100 });
        console.log('typed', typed.fileType);
        const tmp = path.join(os.tmpdir(), `x-${Date.now()}`);
        const { pipeline } = await import('node:stream/promises');
        await pipeline(typed, fs.createWriteStream(tmp));
        console.log('written');
      }
      console.log('loop done');
    } catch (e) {
      console.log('caught', (e as Error).message);
      throw e;
    }
    return { ok: true };
  });
  const payload = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n';
  const res = await Promise.race([
    app.inject({ method: 'POST', url: '/u', payload, headers: { 'content-type': 'multipart/form-data; boundary=XYZ' } }),
    new Promise<null>((r) => setTimeout(() => r(null), 2000)),
  ]);
  console.log(res ? `${res.statusCode} ${res.body}` : 'HANG');
}, 30000);
