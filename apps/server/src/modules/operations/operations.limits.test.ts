import { LIMITS, MSG } from '@intranet/contracts';
import { TINY_PNG_BASE64 } from '@intranet/contracts/testing/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiblingApp, buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/images.ts';
import { ageUpload, patchUpload, postUpload, TUS } from './operations.fixtures.ts';

/** Issue 31: the limits that keep one member from enumerating OTs or filling the disk. */

const PNG = Buffer.from(TINY_PNG_BASE64, 'base64');
const GIB = 1024 ** 3;
const HOURS = LIMITS.operationUploadExpiryHours;
const MAX_COUNT = LIMITS.operationUploadsInFlightMax;
const MAX_BYTES = LIMITS.operationUploadBytesInFlightMax;
/** A floor no disk reaches: every upload meets a full disk. */
const FULL_DISK = { DISK_FREE_FLOOR_MB: String(1024 * 1024 * 1024) };

type As = ReturnType<TestApp['as']>;

/** A photo upload (slot 4) whose bytes a PATCH of PNG completes. */
const photo = (who: As, ot = '900001') => postUpload(who, { ot, slot: '4', filename: 'f.png' }, PNG.length);

describe(`OT lookups per person (${TEST_DIALECT})`, () => {
  const RULE = { max: 5, windowMs: 60_000 };
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { otLookupPerUser: RULE } });
  });
  afterAll(() => t.close());

  const lookup = (who: string, ot: number) => t.as(who)({ method: 'GET', url: `/api/operation?ot=${ot}` });

  it('answers 429 in Portuguese after the limit, to that person only', async () => {
    for (let i = 0; i < RULE.max; i++) expect((await lookup(DEMO.juridico, 600000 + i)).statusCode).toBe(200);
    const refused = await lookup(DEMO.juridico, 600100);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MSG.tooManyRequests, retryAfterSeconds: expect.any(Number) });
    expect((await lookup(DEMO.suporteTi, 600100)).statusCode).toBe(200);
  });

  it('does not limit who may list every OT anyway (Gerenciar Anexos)', async () => {
    for (let i = 0; i < RULE.max + 3; i++)
      expect((await lookup(DEMO.gestorCompras, 600200 + i)).statusCode).toBe(200);
  });
});

describe(`unfinished uploads per person (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // No floor here: the quota alone is under test (declared gigabytes take no disk).
    t = await buildTestApp({ env: { DISK_FREE_FLOOR_MB: '0' } });
  });
  afterAll(() => t.close());

  const held = async (matricula: string) => {
    const row = await t.db
      .selectFrom('operation_uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', await t.userId(matricula))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const expectRefused = (res: { statusCode: number; json(): unknown }, error: string) => {
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error });
  };
  const TOO_MANY = MSG.operationUploadsTooMany(MAX_COUNT, HOURS);

  it('holds the count under concurrent creation; finished, refused, dropped and expired uploads free it', async () => {
    const member = t.as(DEMO.juridico);
    const answers = await Promise.all(Array.from({ length: MAX_COUNT + 5 }, () => photo(member)));
    const created = answers.filter((r) => r.statusCode === 201).map((r) => String(r.headers.location));
    expect(created).toHaveLength(MAX_COUNT);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) expectRefused(refused, TOO_MANY);
    expect(await held(DEMO.juridico)).toBe(MAX_COUNT);
    // Another person's quota is his own.
    const other = await photo(t.as(DEMO.gestorCompras));
    expect(other.statusCode).toBe(201);

    const [finished, refusedAtEnd, dropped, expired] = created as [string, string, string, string];
    const freesOne = async () => {
      const next = await photo(member);
      expect(next.statusCode, next.body).toBe(201);
      expectRefused(await photo(member), TOO_MANY);
    };
    // Finished: attached, and no longer held.
    expect((await patchUpload(member, finished, 0, PNG)).statusCode).toBe(200);
    await freesOne();
    // Refused when finished (its bytes are no image): over too.
    const notImage = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(PNG.length - 2, 1)]);
    expect((await patchUpload(member, refusedAtEnd, 0, notImage)).statusCode).toBe(415);
    await freesOne();
    // Dropped by its owner.
    expect((await member({ method: 'DELETE', url: dropped, headers: TUS })).statusCode).toBe(204);
    await freesOne();
    // Expired (a day old): tus no longer takes it, and it no longer counts, swept or not.
    await ageUpload(t.db, t.dataDir, expired, HOURS + 1);
    expect((await patchUpload(member, expired, 0, PNG)).statusCode).toBe(410);
    await freesOne();
    expect(await held(DEMO.juridico)).toBe(MAX_COUNT);
  });

  it('holds the bytes declared in flight', async () => {
    const member = t.as(DEMO.admin);
    const video = (ot: string) => postUpload(member, { ot, slot: '1', filename: 'v.mp4' }, 2 * GIB);
    const videos: string[] = [];
    for (let i = 0; i < MAX_BYTES / (2 * GIB); i++) {
      const res = await video(`91000${i}`);
      expect(res.statusCode, res.body).toBe(201);
      videos.push(String(res.headers.location));
    }
    const over = await photo(member);
    expectRefused(over, MSG.operationUploadBytesTooMany(MAX_BYTES / GIB, HOURS));
    expect(await held(DEMO.admin)).toBe(videos.length);
    // Dropping one video makes room again.
    expect((await member({ method: 'DELETE', url: videos[0]!, headers: TUS })).statusCode).toBe(204);
    expect((await photo(member)).statusCode).toBe(201);
  });
});

describe(`the free-space floor (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let full: Awaited<ReturnType<typeof buildSiblingApp>>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { DISK_FREE_FLOOR_MB: '0' } });
    // Another server process over the same database and files, whose disk is "full".
    full = await buildSiblingApp(t, { env: FULL_DISK });
  });
  afterAll(async () => {
    await full.close();
    await t.close();
  });

  const expectFull = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ error: MSG.serverDiskFull });
  };

  it('refuses a new upload with 507, holding no quota', async () => {
    expectFull(await photo(full.as(DEMO.juridico)));
    const rows = await t.db.selectFrom('operation_uploads').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('refuses a further piece of an upload with 507, and takes it once there is room', async () => {
    const created = await photo(t.as(DEMO.juridico));
    expect(created.statusCode).toBe(201);
    const url = String(created.headers.location);
    expectFull(await patchUpload(full.as(DEMO.juridico), url, 0, PNG));
    const head = await t.as(DEMO.juridico)({ method: 'HEAD', url, headers: TUS });
    expect(head.headers['upload-offset']).toBe('0');
    expect((await patchUpload(t.as(DEMO.juridico), url, 0, PNG)).statusCode).toBe(200);
  });

  it('refuses an ordinary multipart upload with 507 before reading it', async () => {
    const form = multipart({}, { bytes: PNG, name: 'eu.png' });
    const res = await full.as(DEMO.gestorCompras)({
      method: 'POST',
      url: '/api/changePictureProfile',
      payload: form,
    });
    expectFull(res);
    const again = await t.as(DEMO.gestorCompras)({
      method: 'POST',
      url: '/api/changePictureProfile',
      payload: multipart({}, { bytes: PNG, name: 'eu.png' }),
    });
    expect(again.statusCode).toBe(200);
  });
});
