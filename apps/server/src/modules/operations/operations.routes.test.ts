import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG, OPERATION_UPLOAD_PATH, OT_MESSAGE } from '@intranet/contracts';
import { TINY_PNG_BASE64, tinyMp4, tinyWebm } from '@intranet/contracts/testing/media';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, DEMO, type TestApp } from '../../../test/harness.ts';
import { ageUpload, patchUpload as patch, postUpload, TUS } from './operations.fixtures.ts';
import { scheduleUploadSweep, sweepStaleUploads, uploadDirectory } from './operations.uploads.ts';

const PNG = Buffer.from(TINY_PNG_BASE64, 'base64');

describe('operation attachments', () => {
  let t: TestApp;
  let gestor: ReturnType<TestApp['as']>;
  let member: ReturnType<TestApp['as']>;

  beforeAll(async () => {
    t = await buildTestApp();
    gestor = t.as(DEMO.gestorCompras);
    member = t.as(DEMO.juridico);
  });
  afterAll(() => t.close());
  const localUploads = () => ({ dataDir: t.dataDir, storage: { kind: 'local' as const } });

  /** Creates an upload as `who`; answers its path. */
  async function create(
    who: ReturnType<TestApp['as']>,
    fields: Record<string, string>,
    length: number,
  ): Promise<string> {
    const res = await postUpload(who, fields, length);
    expect(res.statusCode, res.body).toBe(201);
    const location = String(res.headers.location);
    expect(location).toMatch(new RegExp(`^${OPERATION_UPLOAD_PATH}/[0-9a-f]{32}$`));
    return location;
  }

  /** Uploads a whole file in one PATCH; answers the last PATCH's answer. */
  async function upload(
    who: ReturnType<TestApp['as']>,
    ot: string,
    slot: number,
    bytes: Uint8Array,
    name = 'f',
  ) {
    const url = await create(who, { ot, slot: String(slot), filename: name }, bytes.length);
    return { url, res: await patch(who, url, 0, bytes) };
  }

  it('takes a video in two pieces, attaches it to its OT and streams it back with ranges', async () => {
    const video = tinyMp4(4000);
    const url = await create(member, { ot: '700001', slot: '1', filename: 'doca 1.mp4' }, video.length);
    const first = await patch(member, url, 0, video.subarray(0, 1500));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe('1500');
    // Same origin only: tus's CORS headers do not go out.
    expect(first.headers['access-control-allow-origin']).toBeUndefined();
    const head = await member({ method: 'HEAD', url, headers: TUS });
    expect(head.headers['upload-offset']).toBe('1500');

    const last = await patch(member, url, 1500, video.subarray(1500));
    expect(last.statusCode, last.body).toBe(200);
    const { attachment } = last.json();
    expect(attachment).toMatchObject({
      ot: '700001',
      slot: 1,
      mime: 'video/mp4',
      kind: 'video',
      name: 'doca 1.mp4',
    });
    expect(attachment.filepath).toMatch(/^operation\/files\/[0-9a-f-]{36}\.mp4$/);
    // The upload store keeps nothing once the file is attached.
    expect((await member({ method: 'HEAD', url, headers: TUS })).statusCode).toBe(404);

    const list = await member({ method: 'GET', url: '/api/operation?ot=700001' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ ot: '700001', filepath: attachment.filepath })]);

    const whole = await member({ method: 'GET', url: `/api/${attachment.filepath}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(Buffer.compare(whole.rawPayload, Buffer.from(video))).toBe(0);
    const part = await member({
      method: 'GET',
      url: `/api/${attachment.filepath}`,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.compare(part.rawPayload, Buffer.from(video.subarray(100, 200)))).toBe(0);

    expect(await t.auditCount(await t.userId(DEMO.juridico), 'operation.attach')).toBe(1);
  });

  it('resumes an upload whose connection dropped halfway, from the offset the server kept', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const token = await t.login(DEMO.juridico);
    const video = tinyWebm(3 * 1024 * 1024);
    const url = await create(member, { ot: '700002', slot: '2', filename: 'doca.webm' }, video.length);

    // Half the bytes, then the connection drops.
    await new Promise<void>((resolve) => {
      const req = http.request({
        port,
        host: '127.0.0.1',
        method: 'PATCH',
        path: url,
        headers: {
          ...TUS,
          authorization: `Bearer ${token}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(video.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(Buffer.from(video.subarray(0, video.length / 2)), () => {
        setTimeout(() => req.destroy(), 300);
      });
    });

    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const head = await member({ method: 'HEAD', url, headers: TUS });
      expect(head.statusCode).toBe(200);
      offset = Number(head.headers['upload-offset']);
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(video.length / 2);

    const rest = await patch(member, url, offset, video.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(200);
    const { attachment } = rest.json();
    const stored = await member({ method: 'GET', url: `/api/${attachment.filepath}` });
    expect(Buffer.compare(stored.rawPayload, Buffer.from(video))).toBe(0);
  });

  it('refuses a file whose content is not of its slot, and keeps nothing', async () => {
    const image = await upload(member, '700003', 1, PNG, 'video.mp4');
    expect(image.res.statusCode).toBe(415);
    expect(image.res.json()).toEqual({ error: MSG.operationVideoType });
    const video = await upload(member, '700003', 4, tinyMp4(200), 'foto.jpg');
    expect(video.res.statusCode).toBe(415);
    expect(video.res.json()).toEqual({ error: MSG.operationImageType });
    const exe = await upload(member, '700003', 2, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(600, 1)]));
    expect(exe.res.statusCode).toBe(415);

    expect((await member({ method: 'GET', url: '/api/operation?ot=700003' })).json()).toEqual([]);
    expect((await member({ method: 'HEAD', url: image.url, headers: TUS })).statusCode).toBe(404);
    expect(fs.readdirSync(uploadDirectory(t.dataDir)).filter((f) => !f.startsWith('.'))).toEqual([]);
  });

  it('refuses bad metadata before any byte is sent', async () => {
    const post = (fields: Record<string, string>, length = 100) => postUpload(member, fields, length);
    const shortOt = await post({ ot: '12345', slot: '1' });
    expect(shortOt.statusCode).toBe(400);
    expect(shortOt.json()).toEqual({ error: OT_MESSAGE });
    expect((await post({ ot: '12345a', slot: '1' })).statusCode).toBe(400);
    expect((await post({ ot: '123456', slot: '5' })).statusCode).toBe(400);
    expect((await post({ ot: '123456' })).statusCode).toBe(400);
    const noVersion = await member({
      method: 'POST',
      url: OPERATION_UPLOAD_PATH,
      headers: { 'upload-length': '10' },
    });
    expect(noVersion.statusCode).toBe(412);
    expect(noVersion.json().error).toMatch(/protocolo de envio/);
    const tooBig = await post({ ot: '123456', slot: '4' }, 26 * 1024 * 1024);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ error: MSG.operationTooLarge });
  });

  it("hides one user's upload from another", async () => {
    const url = await create(member, { ot: '700004', slot: '1' }, 1000);
    for (const method of ['HEAD', 'DELETE'] as const) {
      expect((await gestor({ method, url, headers: TUS })).statusCode).toBe(404);
    }
    expect((await patch(gestor, url, 0, tinyMp4(10))).statusCode).toBe(404);
    expect((await member({ method: 'HEAD', url, headers: TUS })).statusCode).toBe(200);
    expect((await member({ method: 'DELETE', url, headers: TUS })).statusCode).toBe(204);
  });

  it('lists one folder per OT to Administrador and gestor only, searched and paged', async () => {
    for (const ot of ['810001', '810002', '820001']) {
      expect((await upload(member, ot, 4, PNG, 'foto.png')).res.statusCode).toBe(200);
    }
    await upload(member, '810001', 1, tinyMp4(10));

    expect((await member({ method: 'GET', url: '/api/operation/ots' })).statusCode).toBe(403);
    const all = await gestor({ method: 'GET', url: '/api/operation/ots' });
    expect(all.statusCode).toBe(200);
    expect(all.json().rows.map((r: { ot: string }) => r.ot)).toEqual(
      expect.arrayContaining(['810001', '810002', '820001']),
    );
    const found = await gestor({ method: 'GET', url: '/api/operation/ots?search=8100' });
    expect(found.json()).toEqual({
      rows: [
        expect.objectContaining({ ot: '810001', files: 2 }),
        expect.objectContaining({ ot: '810002', files: 1 }),
      ],
      next: null,
    });
    const page = await gestor({ method: 'GET', url: '/api/operation/ots?search=8&limit=2' });
    expect(page.json().next).toBe('810002');
    const after = await gestor({ method: 'GET', url: '/api/operation/ots?search=8&limit=2&after=810002' });
    expect(after.json()).toEqual({ rows: [expect.objectContaining({ ot: '820001' })], next: null });
    const admin = await t.as(DEMO.admin)({ method: 'GET', url: '/api/operation/ots?search=820001' });
    expect(admin.json().rows).toHaveLength(1);
    expect((await gestor({ method: 'GET', url: '/api/operation/ots?search=abc' })).statusCode).toBe(400);
  });

  it('answers 400 to a malformed OT and 404 to an unknown file', async () => {
    const bad = await member({ method: 'GET', url: '/api/operation?ot=12a456' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: OT_MESSAGE });
    const none = await member({
      method: 'GET',
      url: '/api/operation/files/00000000-0000-0000-0000-000000000000.mp4',
    });
    expect(none.statusCode).toBe(404);
  });

  it('sweeps unfinished uploads older than a day, and only those', async () => {
    const old = await create(member, { ot: '700005', slot: '1' }, 1000);
    const fresh = await create(member, { ot: '700005', slot: '2' }, 1000);
    await ageUpload(t.db, t.dataDir, old, 25);

    expect(await sweepStaleUploads(localUploads())).toBe(1);
    expect((await member({ method: 'HEAD', url: old, headers: TUS })).statusCode).toBe(404);
    expect((await member({ method: 'HEAD', url: fresh, headers: TUS })).statusCode).toBe(200);
  });

  it('the scheduled sweep drops a stale upload on its own', async () => {
    const old = await create(member, { ot: '700006', slot: '1' }, 1000);
    await ageUpload(t.db, t.dataDir, old, 25);

    const errors: unknown[] = [];
    const stop = scheduleUploadSweep(localUploads(), (err) => errors.push(err), 20);
    try {
      await vi.waitFor(
        async () => {
          expect((await member({ method: 'HEAD', url: old, headers: TUS })).statusCode).toBe(404);
        },
        { timeout: 10_000 },
      );
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
  });
});
