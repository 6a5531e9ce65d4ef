import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, UploadResultSchema } from '@store/contracts';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';
import { tinyPng } from './helpers/png.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/* Real image bytes ------------------------------------------------------------------------------- */


/** A 1x1 baseline JPEG (one sky-blue pixel): the file must decode, its variants are made on upload. */
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEAAAAAAAAAAAAAAAAAAAAH/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AAEMRP//Z',
  'base64',
);
/** A 1x1 transparent GIF89a. */
const GIF = Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');
/** A 1x1 lossless WebP: RIFF container of 26 bytes, WEBP, one VP8L chunk. */
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/* Multipart, by hand ----------------------------------------------------------------------------- */

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----store-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = async (file: Omit<Part, 'name'> & { name?: string }, token?: string) =>
  t.request({ method: 'POST', url: '/api/upload', ...multipart([{ name: 'file', ...file }]), token: token ?? (await t.adminToken()) });

// Images live in the blob store's images/ folder (the fs driver's `.name.meta.json` files are its own).
const uploadsDir = () => path.join(t.dataDir, 'blobs', 'images');
const storedFiles = async () =>
  (await readdir(uploadsDir()).catch(() => [] as string[])).filter((name) => !name.startsWith('.')).sort();

/* Tests ------------------------------------------------------------------------------------------ */

describe('POST /api/upload', () => {
  it('stores a PNG under a server-generated name and serves the same bytes back as an image', async () => {
    const png = tinyPng();
    const response = await upload({ filename: 'x.png', contentType: 'image/png', data: png });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Value.Check(UploadResultSchema, body)).toBe(true);
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.png$/);

    const served = await t.request({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it.each([
    { format: 'JPEG', bytes: JPEG, filename: 'photo.png', sentType: 'image/png', extension: 'jpg', mime: 'image/jpeg' },
    { format: 'WebP', bytes: WEBP, filename: 'picture.webp', sentType: 'image/webp', extension: 'webp', mime: 'image/webp' },
    { format: 'GIF', bytes: GIF, filename: 'anim.jpg', sentType: 'application/octet-stream', extension: 'gif', mime: 'image/gif' },
  ])('accepts a $format by its magic bytes and names it .$extension whatever the client said', async ({ bytes, filename, sentType, extension, mime }) => {
    const response = await upload({ filename, contentType: sentType, data: bytes });
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f-]{36}\\.${extension}$`));
    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a text file renamed .png and sent as image/png with 415', async () => {
    const before = await storedFiles();
    const response = await upload({ filename: 'notes.png', contentType: 'image/png', data: Buffer.from('just some text, not an image\n') });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Only PNG, JPEG, GIF or WebP images are accepted', code: 'unsupported_media_type' });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an SVG even when sent as image/svg+xml', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');
    const response = await upload({ filename: 'logo.svg', contentType: 'image/svg+xml', data: svg });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_media_type');
  });

  it('refuses a file over 5 MB with 413 and writes nothing', async () => {
    const before = await storedFiles();
    const tooBig = Buffer.concat([tinyPng(), Buffer.alloc(LIMITS.uploadMaxBytes + 1 - tinyPng().length)]);
    const response = await upload({ filename: 'huge.png', contentType: 'image/png', data: tooBig });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The file is too large (at most 5 MB).', code: 'payload_too_large' });
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const atLimit = Buffer.concat([tinyPng(), Buffer.alloc(LIMITS.uploadMaxBytes - tinyPng().length)]);
    const response = await upload({ filename: 'big.png', contentType: 'image/png', data: atLimit });
    expect(response.statusCode).toBe(201);
    const stored = await readFile(path.join(uploadsDir(), path.basename(response.json().url)));
    expect(stored.length).toBe(LIMITS.uploadMaxBytes);
  });

  it('refuses a multipart body whose file is in a field other than file', async () => {
    const before = await storedFiles();
    const asFile = await upload({ name: 'other', filename: 'x.png', contentType: 'image/png', data: tinyPng() });
    expect(asFile.statusCode).toBe(400);
    expect(asFile.json()).toEqual({ detail: 'file is required: send the image in a field named file', code: 'validation_error' });

    const asText = await t.request({ method: 'POST', url: '/api/upload', ...multipart([{ name: 'other', data: Buffer.from('hello') }]), token: await t.adminToken() });
    expect(asText.statusCode).toBe(400);
    expect(asText.json().code).toBe('validation_error');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a JSON body with 415 and a detail', async () => {
    const response = await t.request({ method: 'POST', url: '/api/upload', payload: { file: 'iVBORw0KGgo=' }, token: await t.adminToken() });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Send the image as multipart/form-data in a field named file', code: 'unsupported_media_type' });
  });

  it("names the file itself: the client's ../../evil.png is not used and nothing lands outside the uploads folder", async () => {
    const response = await upload({ filename: '../../evil.png', contentType: 'image/png', data: tinyPng() });
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    expect(url).not.toContain('evil');
    expect(url).not.toContain('..');
    expect(existsSync(path.join(uploadsDir(), path.basename(url)))).toBe(true);
    expect(existsSync(path.resolve(uploadsDir(), '../../evil.png'))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'evil.png'))).toBe(false);
  });

  it("refuses a regular user's token with 403", async () => {
    const { token } = await t.registerUser();
    const before = await storedFiles();
    const response = await upload({ filename: 'x.png', contentType: 'image/png', data: tinyPng() }, token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Admin access required', code: 'forbidden' });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a request without a token with 401', async () => {
    const response = await t.request({ method: 'POST', url: '/api/upload', ...multipart([{ name: 'file', filename: 'x.png', contentType: 'image/png', data: tinyPng() }]) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' });
  });
});

describe('a broken multipart body', () => {
  const send = async (payload: Buffer, contentType: string) =>
    t.request({ method: 'POST', url: '/api/upload', payload, headers: { 'content-type': contentType }, token: await t.adminToken() });

  it('cut short answers 400, not 500', async () => {
    const { payload, headers } = multipart([{ name: 'file', filename: 'x.png', contentType: 'image/png', data: tinyPng() }]);
    const response = await send(payload.subarray(0, payload.length - 30), headers['content-type']!);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('malformed_multipart');
  });

  it('without a boundary, or with another one than its parts use, answers 400', async () => {
    const { payload } = multipart([{ name: 'file', filename: 'x.png', contentType: 'image/png', data: tinyPng() }]);
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=not-the-one-used']) {
      const response = await send(payload, contentType);
      expect(response.statusCode, contentType).toBe(400);
      expect(response.json().code).toBe('malformed_multipart');
    }
  });

  it('with two files answers 413', async () => {
    const file = { filename: 'x.png', contentType: 'image/png', data: tinyPng() };
    const { payload, headers } = multipart([
      { name: 'file', ...file },
      { name: 'file', ...file },
    ]);
    const response = await send(payload, headers['content-type']!);
    expect(response.statusCode).toBe(413);
  });
});
