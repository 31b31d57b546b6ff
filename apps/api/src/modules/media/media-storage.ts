import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';

/**
 * Where uploaded files live (decision 041): proof-of-delivery photos now, product images later. Keys are
 * paths such as `proofs/<storeOrderId>/<uuid>.webp`; whoever may read a file is decided by the route that
 * serves it, never by the storage, which has no public URLs.
 */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

export type MediaStorageConfig =
  /** Files under `dir` (`<DATA_DIR>/media` by default). */
  | { kind: 'local'; dir: string }
  /** An S3-compatible bucket (S3_BUCKET and its partners). */
  | {
      kind: 's3';
      bucket: string;
      /** S3_ENDPOINT for a non-AWS provider (MinIO, R2, …); null is AWS itself. */
      endpoint: string | null;
      region: string;
      /** Both or neither; neither leaves the SDK's own chain (instance role, AWS_* variables). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      /** Bucket in the path rather than the host name, which most self-hosted servers need. */
      forcePathStyle: boolean;
    };

/**
 * The only file types we store, by extension. The content type follows from the key, so the local files need
 * no second file beside them and both backends answer the same type for the same key.
 */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
};

export const MEDIA_KEY_MAX_LENGTH = 200;

/**
 * A key is lower-case segments of [a-z0-9_.-] joined by '/', each starting with a letter or digit (so no
 * '..', no '.', no hidden names, no empty segment, no leading '/'), ending in a known extension. Keys are made
 * by our code, so a bad one is a bug: it throws a plain Error (a 500), never reaching the disk or the bucket.
 */
export function contentTypeOfKey(key: string): string {
  const segments = key.split('/');
  const valid =
    key.length > 0 &&
    key.length <= MEDIA_KEY_MAX_LENGTH &&
    segments.every((segment) => /^[a-z0-9][a-z0-9_.-]*$/.test(segment) && !segment.includes('..'));
  const extension = /\.([a-z0-9]+)$/.exec(key)?.[1];
  const contentType = extension === undefined ? undefined : CONTENT_TYPES[extension];
  if (!valid || contentType === undefined) throw new Error(`Not a valid media key: ${JSON.stringify(key)}`);
  return contentType;
}

function checkedPut(key: string, contentType: string): void {
  const expected = contentTypeOfKey(key);
  if (contentType !== expected) {
    throw new Error(`Media key ${key} holds ${expected}, not ${contentType}`);
  }
}

export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  return config.kind === 'local' ? localStorage(config.dir) : s3Storage(config);
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function localStorage(dir: string): MediaStorage {
  const root = path.resolve(dir);
  /** The file of a key, checked a second time after resolving: nothing may land outside the root. */
  function fileOf(key: string): string {
    contentTypeOfKey(key);
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) throw new Error(`Media key escapes the directory: ${key}`);
    return file;
  }

  return {
    async put(key, body, contentType) {
      checkedPut(key, contentType);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside its final place and renamed: a reader sees the old file or the whole new one, never
      // half a photo, even if the process dies mid-write. The dot name cannot be a key.
      const temporary = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
      try {
        const handle = await open(temporary, 'wx', 0o640);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      try {
        return { body: await readFile(fileOf(key)), contentType };
      } catch (error) {
        // Missing, or a key that names a directory of other keys ('proofs/1.webp/…' never exists, but still).
        const code = errorCode(error);
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

function s3Storage(config: Extract<MediaStorageConfig, { kind: 's3' }>): MediaStorage {
  // The SDK is loaded at the first use: it costs most of a second at start, and a site on local files (every
  // test, the default) never needs it.
  let connection: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connect = () => {
    connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        ...(config.credentials ? { credentials: config.credentials } : {}),
        // Checksums only where the API demands them: several S3-compatible servers refuse the newer defaults.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return connection;
  };
  const bucket = config.bucket;

  return {
    async put(key, body, contentType) {
      checkedPut(key, contentType);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        return { body: Buffer.from(await object.Body.transformToByteArray()), contentType };
      } catch (error) {
        // Only a missing object is "none": a missing bucket (also a 404) is a setting to fix, loudly.
        if (error instanceof sdk.NoSuchKey) return null;
        if (error instanceof sdk.S3ServiceException && error.name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      contentTypeOfKey(key);
      const { sdk, client } = await connect();
      // S3 answers 204 whether or not the object existed, like the local rm with force.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
