import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import Fastify, { type FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMediaConfig } from '../src/config.ts';
import { registerImageBodyParser } from '../src/modules/media/image-body.ts';
import { IMAGE_MAX_BYTES, prepareImage } from '../src/modules/media/image-intake.ts';
import { createMediaStorage, type MediaStorage } from '../src/modules/media/media-storage.ts';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';

const UNSAFE_KEYS = [
  '../escape.webp',
  'proofs/../../escape.webp',
  'proofs/..hidden.webp',
  '/etc/passwd.webp',
  'proofs//double.webp',
  'proofs/./dot.webp',
  '.hidden.webp',
  'Proofs/upper.webp',
  'proofs/with space.webp',
  'proofs\\back.webp',
  'proofs/ñ.webp',
  'proofs/no-extension',
  'proofs/script.exe',
  'proofs/trailing/',
  '',
  `${'a'.repeat(200)}.webp`,
];

/** Put, get, overwrite, delete and the missing cases: what both backends must answer alike. */
async function exerciseStorage(storage: MediaStorage): Promise<void> {
  const key = 'proofs/3f1c/2b6e-photo.webp';
  expect(await storage.get(key)).toBeNull();
  await storage.put(key, Buffer.from('first'), 'image/webp');
  expect(await storage.get(key)).toEqual({ body: Buffer.from('first'), contentType: 'image/webp' });
  await storage.put(key, Buffer.from('second'), 'image/webp');
  expect((await storage.get(key))?.body.toString()).toBe('second');
  await storage.put('products/7/front.jpg', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
  expect((await storage.get('products/7/front.jpg'))?.contentType).toBe('image/jpeg');
  // A prefix of other keys is not a file.
  expect(await storage.get('proofs/3f1c.webp')).toBeNull();
  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
  await storage.delete(key);
  expect((await storage.get('products/7/front.jpg'))?.body).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

  for (const unsafe of UNSAFE_KEYS) {
    await expect(storage.put(unsafe, Buffer.from('x'), 'image/webp'), unsafe).rejects.toThrow(/media key/);
    await expect(storage.get(unsafe), unsafe).rejects.toThrow(/media key/);
    await expect(storage.delete(unsafe), unsafe).rejects.toThrow(/media key/);
  }
  // The type follows from the key: a mismatch is a bug in the caller.
  await expect(storage.put('proofs/a.webp', Buffer.from('x'), 'image/png')).rejects.toThrow(
    /holds image\/webp/,
  );
}

describe('local media storage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mandado-media-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('puts, gets and deletes files under its directory and refuses unsafe keys', async () => {
    const root = path.join(dir, 'media');
    await exerciseStorage(createMediaStorage({ kind: 'local', dir: root }));
    // The file is where the key says, whole, and no temporary file is left beside it.
    expect(await readFile(path.join(root, 'products/7/front.jpg'))).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await readdir(path.join(root, 'products/7'))).toEqual(['front.jpg']);
    expect(await readdir(path.join(root, 'proofs/3f1c'))).toEqual([]);
    // Nothing escaped the root.
    expect(await readdir(dir)).toEqual(['media']);
  });
});

describe('S3 media storage against a local S3 server', () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mandado-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'mandado-media', configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('puts, gets and deletes objects in the bucket and refuses the same unsafe keys', async () => {
    // s3rver checks signatures against its fixed test key pair.
    await exerciseStorage(
      createMediaStorage({
        kind: 's3',
        bucket: 'mandado-media',
        endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
      }),
    );
  });

  it('fails loudly, not with null, when the bucket does not exist', async () => {
    const storage = createMediaStorage({
      kind: 's3',
      bucket: 'no-such-bucket',
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    await expect(storage.get('proofs/x.webp')).rejects.toThrow(/bucket/i);
    await expect(storage.put('proofs/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/bucket/i);
  });
});

/** A 2400 × 1200 photo whose EXIF says "turn 90° clockwise" and carries a position and an owner. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: 'dueno-secreto', Make: 'Telefono' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '34/1 54/1 0/1' },
    })
    .toBuffer();
}

describe('prepareImage', () => {
  it('turns a phone JPEG upright, strips its EXIF and shrinks it to 1600 px as WebP', async () => {
    const input = await phonePhoto();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    expect(input.includes('dueno-secreto')).toBe(true);

    const image = await prepareImage(input);
    expect(image.contentType).toBe('image/webp');
    // Upright: the sideways 2400 × 1200 becomes 1200 × 2400, then fits 1600 on the long side.
    expect([image.width, image.height]).toEqual([800, 1600]);
    const after = await sharp(image.body).metadata();
    expect(after.format).toBe('webp');
    expect([after.width, after.height]).toEqual([800, 1600]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.body.includes('dueno-secreto')).toBe(false);
    expect(image.body.includes('Exif')).toBe(false);
  });

  it('takes a PNG and a WebP and never enlarges a small picture', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#00885580' } })
      .png()
      .toBuffer();
    const fromPng = await prepareImage(png);
    expect([fromPng.width, fromPng.height]).toEqual([300, 200]);
    expect((await sharp(fromPng.body).metadata()).format).toBe('webp');

    const webp = await sharp({ create: { width: 1000, height: 3000, channels: 3, background: 'blue' } })
      .webp()
      .toBuffer();
    const fromWebp = await prepareImage(webp);
    expect([fromWebp.width, fromWebp.height]).toEqual([533, 1600]);
  });

  it('refuses what is not a JPEG, PNG or WebP by its content, with the Spanish message', async () => {
    const notSupported = { statusCode: 400, body: { detail: SERVER_MESSAGES.imageNotSupported } };
    // A text file renamed photo.jpg: the name never reaches us, and the bytes are text.
    await expect(prepareImage(Buffer.from('hola, esto no es una foto\n'))).rejects.toMatchObject(
      notSupported,
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    await expect(prepareImage(gif)).rejects.toMatchObject(notSupported);
    await expect(prepareImage(Buffer.alloc(0))).rejects.toMatchObject(notSupported);
    // JPEG magic bytes in front of garbage, and a photo cut in half by a dropped connection.
    await expect(
      prepareImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)])),
    ).rejects.toMatchObject(notSupported);
    const photo = await phonePhoto();
    await expect(prepareImage(photo.subarray(0, photo.length / 2))).rejects.toMatchObject(notSupported);
    // A PNG signature in front of a JPEG: the decoder's reading must agree with the bytes' claim.
    const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expect(prepareImage(Buffer.concat([pngHeader, photo]))).rejects.toMatchObject(notSupported);
  });

  it('refuses more than 8 MB with a 413 before decoding anything', async () => {
    const nineMegabytes = Buffer.alloc(9 * 1024 * 1024);
    nineMegabytes.set([0xff, 0xd8, 0xff]);
    await expect(prepareImage(nineMegabytes)).rejects.toMatchObject({
      statusCode: 413,
      body: { detail: SERVER_MESSAGES.imageTooLarge },
    });
  });

  it('refuses a small file that claims a huge picture (decompression bomb)', async () => {
    // A real 100 × 100 PNG whose header is rewritten to claim 20000 × 20000 (with a valid checksum).
    const bomb = await sharp({ create: { width: 100, height: 100, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
    await expect(prepareImage(bomb)).rejects.toMatchObject({
      statusCode: 400,
      body: { detail: SERVER_MESSAGES.imageTooManyPixels },
    });
  });
});

describe('registerImageBodyParser', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ bodyLimit: 64 * 1024 });
    registerErrorHandling(app);
    await app.register(async (scope) => {
      await registerImageBodyParser(scope);
      scope.post<{ Body: Buffer }>('/photos/', async (request) => {
        const image = await prepareImage(request.body);
        return { width: image.width, height: image.height };
      });
    });
    // Outside the plugin's scope an image body stays a 415.
    app.post('/elsewhere/', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('takes a raw photo in its own scope only', async () => {
    const photo = await phonePhoto();
    for (const type of ['image/jpeg', 'application/octet-stream']) {
      const response = await app.inject({
        method: 'POST',
        url: '/photos/',
        headers: { 'content-type': type },
        payload: photo,
      });
      expect(response.statusCode, type).toBe(200);
      expect(response.json()).toEqual({ width: 800, height: 1600 });
    }
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/elsewhere/',
      headers: { 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('answers a body over 8 MB with the Spanish 413, by its length or while reading', async () => {
    const tooLarge = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    const declared = await app.inject({
      method: 'POST',
      url: '/photos/',
      headers: { 'content-type': 'image/png' },
      payload: tooLarge,
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ detail: SERVER_MESSAGES.imageTooLarge });

    // Chunked, without Content-Length: refused once the count passes the limit.
    const streamed = await app.inject({
      method: 'POST',
      url: '/photos/',
      headers: { 'content-type': 'image/webp' },
      payload: Readable.from(
        (function* () {
          for (let sent = 0; sent <= IMAGE_MAX_BYTES; sent += 1024 * 1024) yield Buffer.alloc(1024 * 1024);
        })(),
      ),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({ detail: SERVER_MESSAGES.imageTooLarge });
  });

  it('answers a text body sent as image/jpeg with the Spanish 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/photos/',
      headers: { 'content-type': 'image/jpeg' },
      payload: 'hola, esto no es una foto',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: SERVER_MESSAGES.imageNotSupported });
  });
});

describe('readMediaConfig', () => {
  it('keeps files under DATA_DIR/media unless S3_BUCKET is set', () => {
    expect(readMediaConfig({}, '/srv/mandado')).toEqual({ kind: 'local', dir: '/srv/mandado/media' });
    expect(
      readMediaConfig(
        {
          S3_BUCKET: 'fotos',
          S3_ENDPOINT: 'http://127.0.0.1:9000',
          S3_ACCESS_KEY_ID: 'id',
          S3_SECRET_ACCESS_KEY: 'secret',
          S3_FORCE_PATH_STYLE: '1',
        },
        '/srv/mandado',
      ),
    ).toEqual({
      kind: 's3',
      bucket: 'fotos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(readMediaConfig({ S3_BUCKET: 'fotos', S3_REGION: 'sa-east-1' }, '/srv')).toMatchObject({
      endpoint: null,
      region: 'sa-east-1',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('stops the start on a partial S3 setting', () => {
    expect(() => readMediaConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }, '/srv')).toThrow(/S3_BUCKET/);
    expect(() => readMediaConfig({ S3_BUCKET: 'fotos', S3_ACCESS_KEY_ID: 'id' }, '/srv')).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => readMediaConfig({ S3_BUCKET: 'fotos', S3_ENDPOINT: 'minio:9000' }, '/srv')).toThrow(
      /S3_ENDPOINT/,
    );
  });
});
