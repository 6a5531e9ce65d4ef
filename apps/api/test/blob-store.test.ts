import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStoreError, type BlobStore, type BlobStoreErrorCode } from '../src/storage/blob-store.ts';
import { attachmentDisposition } from '../src/storage/content-disposition.ts';
import { createBlobStore } from '../src/storage/create-blob-store.ts';
import { FsBlobStore } from '../src/storage/fs-blob-store.ts';
import { S3_CREDENTIALS, startS3Server as startS3Server_ } from './helpers/s3-server.ts';

/**
 * One suite for every blob-store driver: the fs driver in a temp folder, and the s3 driver against a
 * real S3-protocol server (s3rver, in this process, on a free port, with its own temp folder).
 * s3rver checks a presigned URL's expiry but not its signature (it reads the access key only).
 */

const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` as a stream of 64 KiB chunks, as a request body arrives. */
function streamOf(bytes: Uint8Array, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += chunkSize) yield bytes.subarray(offset, offset + chunkSize);
    })(),
    { objectMode: false },
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Runs `action` and answers the BlobStoreError it fails with (failing the test when it does not). */
async function blobError(action: () => Promise<unknown>, code: BlobStoreErrorCode): Promise<BlobStoreError> {
  try {
    await action();
  } catch (error) {
    expect(error).toBeInstanceOf(BlobStoreError);
    expect((error as BlobStoreError).code).toBe(code);
    return error as BlobStoreError;
  }
  throw new Error(`expected a ${code} BlobStoreError`);
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

interface Harness {
  store: BlobStore;
  /** Everything the driver left: files under the root; or the bucket's keys and any unfinished multipart upload. */
  leftovers(): Promise<string[]>;
  /** The keys listed by the backend itself. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

const BUCKET = 'store-test-blobs';

async function startFs(): Promise<Harness> {
  const root = await mkdtemp(path.join(tmpdir(), 'store-blobs-fs-'));
  const store = await createBlobStore({ driver: 'fs', root });
  return {
    store,
    leftovers: () => filesUnder(root),
    keys: async () => (await filesUnder(root)).filter((file) => !file.split(path.sep).some((part) => part.startsWith('.'))).map((file) => file.split(path.sep).join('/')),
    stop: async () => {
      await store.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

const startS3Server = () => startS3Server_([BUCKET]);

/**
 * A pass-through proxy in front of the S3 server that keeps track of multipart uploads: started, then
 * completed or aborted. s3rver has no AbortMultipartUpload (it answers 405), so the proxy answers it
 * as S3 does; the tests check that every upload the driver starts is completed or aborted.
 */
async function startUploadTracker(target: string): Promise<{ endpoint: string; openUploads: Set<string>; stop: () => Promise<void> }> {
  const openUploads = new Set<string>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', target);
    const uploadId = url.searchParams.get('uploadId');
    if (request.method === 'DELETE' && uploadId !== null) {
      openUploads.delete(uploadId);
      request.resume();
      response.writeHead(204).end();
      return;
    }
    const upstream = http.request(url, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      // Headers now, not with the first byte: s3rver answers a range of an empty object with no byte.
      response.flushHeaders();
      if (request.method === 'POST' && url.searchParams.has('uploads')) {
        let xml = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (xml += chunk));
        answer.on('end', () => {
          const started = /<UploadId>([^<]+)<\/UploadId>/.exec(xml)?.[1];
          if (started !== undefined) openUploads.add(started);
          response.end(xml);
        });
        return;
      }
      if (request.method === 'POST' && uploadId !== null && answer.statusCode === 200) openUploads.delete(uploadId);
      answer.pipe(response);
    });
    upstream.on('error', (error) => response.destroy(error));
    request.pipe(upstream);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    openUploads,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}


async function startS3(): Promise<Harness> {
  const server = await startS3Server();
  const tracker = await startUploadTracker(server.endpoint);
  const store = await createBlobStore({ driver: 's3', bucket: BUCKET, region: 'us-east-1', endpoint: tracker.endpoint, forcePathStyle: true, ...S3_CREDENTIALS });
  const client = new S3Client({ region: 'us-east-1', endpoint: server.endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS });
  const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key ?? '').sort();
  return {
    store,
    leftovers: async () => [...(await keys()), ...[...tracker.openUploads].map((id) => `unfinished upload ${id}`)],
    keys,
    stop: async () => {
      client.destroy();
      await store.close();
      await tracker.stop();
      await server.stop();
    },
  };
}

const DRIVERS = [
  { driver: 'fs', start: startFs },
  { driver: 's3', start: startS3 },
] as const;

describe.each(DRIVERS)('the $driver blob store', ({ start }) => {
  let harness: Harness;
  let store: BlobStore;
  beforeAll(async () => {
    harness = await start();
    store = harness.store;
  });
  afterAll(async () => {
    await harness.stop();
  });

  it('stores a 12 MiB stream and reads back the exact bytes, with their size, SHA-256 and type', async () => {
    const bytes = randomBytes(12 * MiB);
    const put = await store.put('round-trip/course.zip', streamOf(bytes), { contentType: 'application/zip' });
    expect(put).toEqual({ size: bytes.length, sha256: sha256(bytes) });

    const got = await store.get('round-trip/course.zip');
    expect(got).toMatchObject({ size: bytes.length, contentType: 'application/zip', range: null });
    const read = await readAll(got.body);
    expect(read.length).toBe(bytes.length);
    expect(sha256(read)).toBe(sha256(bytes));
    expect(read.equals(bytes)).toBe(true);

    const stat = await store.stat('round-trip/course.zip');
    expect(stat).toMatchObject({ size: bytes.length, contentType: 'application/zip' });
    expect(stat.lastModified).toBeInstanceOf(Date);
  });

  it('stores an empty file, from a stream or from bytes', async () => {
    const emptySha = sha256(new Uint8Array(0));
    expect(await store.put('empty/stream.txt', Readable.from([], { objectMode: false }), { contentType: 'text/plain' })).toEqual({ size: 0, sha256: emptySha });
    expect(await store.put('empty/bytes.txt', new Uint8Array(0), { contentType: 'text/plain' })).toEqual({ size: 0, sha256: emptySha });
    for (const key of ['empty/stream.txt', 'empty/bytes.txt']) {
      const got = await store.get(key);
      expect(got.size).toBe(0);
      expect((await readAll(got.body)).length).toBe(0);
      expect((await store.stat(key)).size).toBe(0);
    }
  });

  it('reads byte ranges: the first byte, a middle slice, the last byte, a suffix, and from an offset to the end', async () => {
    const bytes = randomBytes(100_000);
    await store.put('ranges/sample.pdf', bytes, { contentType: 'application/pdf' });
    const cases = [
      { range: { start: 0, end: 0 }, expected: { start: 0, end: 0 } },
      { range: { start: 1000, end: 49_999 }, expected: { start: 1000, end: 49_999 } },
      { range: { start: 99_999, end: 99_999 }, expected: { start: 99_999, end: 99_999 } },
      { range: { suffix: 500 }, expected: { start: 99_500, end: 99_999 } },
      { range: { start: 98_000 }, expected: { start: 98_000, end: 99_999 } },
      // Past the end is clamped, as HTTP does; a suffix longer than the file is all of it.
      { range: { start: 99_000, end: 200_000 }, expected: { start: 99_000, end: 99_999 } },
      { range: { suffix: 1_000_000 }, expected: { start: 0, end: 99_999 } },
    ];
    for (const { range, expected } of cases) {
      const got = await store.get('ranges/sample.pdf', range);
      expect(got, JSON.stringify(range)).toMatchObject({ size: 100_000, contentType: 'application/pdf', range: expected });
      const read = await readAll(got.body);
      expect(read.equals(bytes.subarray(expected.start, expected.end + 1)), JSON.stringify(range)).toBe(true);
    }
  });

  it('refuses a range starting past the end, or any range of an empty file, naming the size', async () => {
    await store.put('ranges/small.bin', randomBytes(10), { contentType: 'application/octet-stream' });
    expect((await blobError(() => store.get('ranges/small.bin', { start: 10 }), 'range_not_satisfiable')).bytes).toBe(10);
    expect((await blobError(() => store.get('ranges/small.bin', { start: 50, end: 60 }), 'range_not_satisfiable')).bytes).toBe(10);
    await store.put('ranges/empty.bin', new Uint8Array(0), { contentType: 'application/octet-stream' });
    expect((await blobError(() => store.get('ranges/empty.bin', { start: 0, end: 0 }), 'range_not_satisfiable')).bytes).toBe(0);
    await blobError(() => store.get('ranges/small.bin', { start: 5, end: 2 }), 'invalid_argument');
    await blobError(() => store.get('ranges/small.bin', { start: -1 }), 'invalid_argument');
  });

  it('answers not_found for a key that is not there', async () => {
    await blobError(() => store.get('missing/file.zip'), 'not_found');
    await blobError(() => store.get('missing/file.zip', { start: 0, end: 1 }), 'not_found');
    await blobError(() => store.stat('missing/file.zip'), 'not_found');
  });

  it('replaces a key with a new body and type', async () => {
    await store.put('replace/file.bin', Buffer.from('first version'), { contentType: 'text/plain' });
    await store.put('replace/file.bin', Buffer.from('second, longer version'), { contentType: 'application/json' });
    const got = await store.get('replace/file.bin');
    expect(got).toMatchObject({ size: 22, contentType: 'application/json' });
    expect((await readAll(got.body)).toString()).toBe('second, longer version');
  });

  it('removes a key, and removing it again (or a key never stored) is not an error', async () => {
    await store.put('remove/file.bin', Buffer.from('bye'), { contentType: 'text/plain' });
    await store.remove('remove/file.bin');
    await blobError(() => store.stat('remove/file.bin'), 'not_found');
    await blobError(() => store.get('remove/file.bin'), 'not_found');
    await store.remove('remove/file.bin');
    await store.remove('remove/never-stored.bin');
    expect(await harness.keys()).not.toContain('remove/file.bin');
  });

  it('does not show a body until all of it has arrived', async () => {
    const source = new PassThrough();
    const putting = store.put('partial/upload.bin', source, { contentType: 'application/octet-stream' });
    source.write(randomBytes(MiB));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await blobError(() => store.stat('partial/upload.bin'), 'not_found');
    expect(await harness.keys()).not.toContain('partial/upload.bin');
    source.end(randomBytes(1000));
    expect((await putting).size).toBe(MiB + 1000);
    expect((await store.stat('partial/upload.bin')).size).toBe(MiB + 1000);
  });

  it('refuses a body past maxBytes, streamed or whole, and leaves nothing behind', async () => {
    await store.put('limit/kept.bin', Buffer.from('the earlier file'), { contentType: 'text/plain' });
    const before = await harness.leftovers();

    // 6 MiB against 5.5 MiB: on S3 the first 5 MiB part is already uploaded when the limit trips.
    const tooLarge = await blobError(() => store.put('limit/new.bin', streamOf(randomBytes(6 * MiB)), { contentType: 'application/zip', maxBytes: 5.5 * MiB }), 'too_large');
    expect(tooLarge.bytes).toBe(5.5 * MiB);
    await blobError(() => store.put('limit/new.bin', randomBytes(2000), { contentType: 'application/zip', maxBytes: 1999 }), 'too_large');
    // A refused replacement keeps the earlier body.
    await blobError(() => store.put('limit/kept.bin', streamOf(randomBytes(3000), 100), { contentType: 'text/plain', maxBytes: 2000 }), 'too_large');

    await blobError(() => store.stat('limit/new.bin'), 'not_found');
    expect((await readAll((await store.get('limit/kept.bin')).body)).toString()).toBe('the earlier file');
    expect(await harness.leftovers()).toEqual(before);

    // Exactly the limit is allowed.
    expect((await store.put('limit/exact.bin', streamOf(randomBytes(2000), 100), { contentType: 'text/plain', maxBytes: 2000 })).size).toBe(2000);
  });

  it('fails a put whose source fails midway, leaving nothing behind', async () => {
    const before = await harness.leftovers();
    const source = new PassThrough();
    const putting = store.put('broken/upload.bin', source, { contentType: 'application/octet-stream' });
    source.write(randomBytes(6 * MiB));
    setTimeout(() => source.destroy(new Error('the client went away')), 50);
    await expect(putting).rejects.toThrow('the client went away');
    await blobError(() => store.stat('broken/upload.bin'), 'not_found');
    expect(await harness.leftovers()).toEqual(before);
  });

  it.each(['', '/etc/passwd', '../outside.bin', 'a/../../b', 'a/./b', 'a//b', 'a/', '.hidden', 'a/.meta', 'a\\b', 'a b', 'ünïcode.bin', 'a%2Fb', 'a?b', 'x'.repeat(201), `${'x'.repeat(200)}/${'y'.repeat(200)}/${'z'.repeat(112)}`, 'a/b/c/d/e/f/g/h/i'])(
    'refuses the unsafe key %j on every call',
    async (key) => {
      const before = await harness.leftovers();
      await blobError(() => store.put(key, Buffer.from('x'), { contentType: 'text/plain' }), 'invalid_key');
      await blobError(() => store.put(key, streamOf(Buffer.from('x')), { contentType: 'text/plain' }), 'invalid_key');
      await blobError(() => store.get(key), 'invalid_key');
      await blobError(() => store.stat(key), 'invalid_key');
      await blobError(() => store.remove(key), 'invalid_key');
      await blobError(() => store.presignedGet(key, { expiresInSeconds: 60, fileName: 'x', contentType: 'text/plain' }), 'invalid_key');
      expect(await harness.leftovers()).toEqual(before);
    },
  );

  it('accepts keys of letters, digits, dots, dashes and underscores: up to 8 segments of up to 200, 512 in all', async () => {
    for (const key of ['z', 'deliverables/2026/11/7f3c-Course_v1.2.zip', 'a/b/c/d/e/f/g/h', `${'x'.repeat(200)}/${'y'.repeat(200)}/${'z'.repeat(110)}`]) {
      expect((await store.put(key, Buffer.from(key), { contentType: 'text/plain' })).size).toBe(key.length);
      expect((await readAll((await store.get(key)).body)).toString()).toBe(key);
    }
  });

  it('refuses a content type that is not one', async () => {
    await blobError(() => store.put('type/file.bin', Buffer.from('x'), { contentType: 'text/plain\r\nX-Injected: 1' }), 'invalid_argument');
    await blobError(() => store.put('type/file.bin', Buffer.from('x'), { contentType: 'nonsense' }), 'invalid_argument');
  });

  it('stores different keys concurrently, each with its own bytes', async () => {
    const bodies = Array.from({ length: 8 }, () => randomBytes(300_000 + Math.floor(Math.random() * 100_000)));
    const results = await Promise.all(bodies.map((bytes, index) => store.put(`concurrent/file-${index}.bin`, streamOf(bytes, 16 * 1024), { contentType: 'application/octet-stream' })));
    expect(results).toEqual(bodies.map((bytes) => ({ size: bytes.length, sha256: sha256(bytes) })));
    const reads = await Promise.all(bodies.map(async (_bytes, index) => readAll((await store.get(`concurrent/file-${index}.bin`)).body)));
    reads.forEach((read, index) => expect(read.equals(bodies[index]!)).toBe(true));
  });
});

describe('the fs blob store', () => {
  it('has no presigned URL: the API streams the file itself', async () => {
    const harness = await startFs();
    try {
      await harness.store.put('file.bin', Buffer.from('x'), { contentType: 'text/plain' });
      expect(await harness.store.presignedGet('file.bin', { expiresInSeconds: 60, fileName: 'file.bin', contentType: 'text/plain' })).toBeNull();
    } finally {
      await harness.stop();
    }
  });

  it('refuses a key whose folder is already a file, where S3 would allow both', async () => {
    const harness = await startFs();
    try {
      await harness.store.put('a', Buffer.from('x'), { contentType: 'text/plain' });
      await blobError(() => harness.store.put('a/b', Buffer.from('y'), { contentType: 'text/plain' }), 'key_conflict');
      await harness.store.put('c/d', Buffer.from('y'), { contentType: 'text/plain' });
      await blobError(() => harness.store.put('c', Buffer.from('x'), { contentType: 'text/plain' }), 'key_conflict');
      await blobError(() => harness.store.get('c'), 'not_found');
      await harness.store.remove('c');
      expect(await harness.leftovers()).toEqual(['.a.meta.json', 'a', path.join('c', '.d.meta.json'), path.join('c', 'd')].sort());
    } finally {
      await harness.stop();
    }
  });
});

describe('the fs blob store’s temp folder', () => {
  it('sweeps away temp files a crash left behind, once they are old, and keeps fresh ones', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'store-blobs-sweep-'));
    try {
      const store = new FsBlobStore(root);
      expect(await store.sweepTemp()).toBe(0);
      await mkdir(path.join(root, '.tmp'));
      await writeFile(path.join(root, '.tmp', 'old-upload'), 'half a file');
      await writeFile(path.join(root, '.tmp', 'current-upload'), 'still arriving');
      const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
      await utimes(path.join(root, '.tmp', 'old-upload'), twoDaysAgo, twoDaysAgo);
      expect(await store.sweepTemp()).toBe(1);
      expect(await filesUnder(root)).toEqual([path.join('.tmp', 'current-upload')]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the s3 blob store’s presigned GET', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startS3();
  });
  afterAll(async () => {
    await harness.stop();
  });

  const fileName = 'Cours « Été » – 数据 “v2” 😀.pdf';

  it('downloads the exact bytes as an attachment carrying the UTF-8 file name', async () => {
    const bytes = randomBytes(3 * MiB);
    await harness.store.put('presigned/course.pdf', bytes, { contentType: 'application/pdf' });
    const url = await harness.store.presignedGet('presigned/course.pdf', { expiresInSeconds: 60, fileName, contentType: 'application/pdf' });
    expect(url).not.toBeNull();
    const disposition = new URL(url!).searchParams.get('response-content-disposition');
    expect(disposition).toBe(attachmentDisposition(fileName));
    expect(disposition).toContain(`filename*=UTF-8''Cours%20%C2%AB%20%C3%89t%C3%A9%20%C2%BB%20%E2%80%93%20%E6%95%B0%E6%8D%AE%20%E2%80%9Cv2%E2%80%9D%20%F0%9F%98%80.pdf`);
    expect(disposition).toContain('filename="Cours _ _t_ _ _ __ _v2_ _.pdf"');

    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(attachmentDisposition(fileName));
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const downloaded = Buffer.from(await response.arrayBuffer());
    expect(sha256(downloaded)).toBe(sha256(bytes));
  });

  it('stops working once expired (the server checks X-Amz-Expires)', async () => {
    await harness.store.put('presigned/short.bin', Buffer.from('short-lived'), { contentType: 'application/octet-stream' });
    const url = await harness.store.presignedGet('presigned/short.bin', { expiresInSeconds: 1, fileName: 'short.bin', contentType: 'application/octet-stream' });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const response = await fetch(url!);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
    const fresh = await harness.store.presignedGet('presigned/short.bin', { expiresInSeconds: 60, fileName: 'short.bin', contentType: 'application/octet-stream' });
    expect(await (await fetch(fresh!)).text()).toBe('short-lived');
  });

  it('binds a link to the Range it was issued for: the header is signed, not moved into the query', async () => {
    const bytes = randomBytes(64 * 1024);
    await harness.store.put('presigned/ranged.bin', bytes, { contentType: 'application/octet-stream' });
    const sign = (range: string) =>
      harness.store.presignedGet('presigned/ranged.bin', { expiresInSeconds: 60, fileName: 'ranged.bin', contentType: 'application/octet-stream', range });
    // Two links signed in the same second differ only by their Range, so their signatures differ only if it is signed.
    let first: URL;
    let second: URL;
    do {
      first = new URL((await sign('bytes=1000-'))!);
      second = new URL((await sign('bytes=0-'))!);
    } while (first.searchParams.get('X-Amz-Date') !== second.searchParams.get('X-Amz-Date'));
    expect(first.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toContain('range');
    expect([...first.searchParams.keys()].map((key) => key.toLowerCase())).not.toContain('range');
    expect(first.searchParams.get('X-Amz-Signature')).not.toBe(second.searchParams.get('X-Amz-Signature'));

    const response = await fetch(first, { headers: { range: 'bytes=1000-' } });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(1000))).toBe(true);
    await blobError(() => sign('bytes=0-\r\nX-Evil: 1'), 'invalid_argument');
  });

  it('refuses a lifetime outside 1 s to 7 days', async () => {
    for (const expiresInSeconds of [0, -5, 1.5, 8 * 24 * 3600]) {
      await blobError(() => harness.store.presignedGet('presigned/short.bin', { expiresInSeconds, fileName: 'x', contentType: 'text/plain' }), 'invalid_argument');
    }
  });
});
