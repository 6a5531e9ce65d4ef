import { randomBytes, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { IMAGE_VARIANTS, OPEN_GRAPH_IMAGE_VARIANT, type ImageVariant } from '@store/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { imageKey, openGraphImageUrl } from '../src/plugins/storage.ts';
import { isBlobStoreError, type BlobStore } from '../src/storage/blob-store.ts';
import { ImageVariants, variantKey } from '../src/uploads/image-variants.ts';
import { build, type TestApp } from './helpers/build.ts';
import { S3_CREDENTIALS, startS3Server } from './helpers/s3-server.ts';

/**
 * The resized copies of uploaded images (docs/decisions/043-image-variants.md): made on upload, or at
 * the first request for an image stored before; served at fixed addresses for a year. Every test runs on
 * the disk driver and on the S3 driver (against s3rver, started here).
 */

const BUCKET = 'store-test-images';

const drivers = [
  { driver: 'fs', start: async () => ({ env: {}, stop: async () => {} }) },
  {
    driver: 's3',
    start: async () => {
      const server = await startS3Server([BUCKET]);
      return {
        env: {
          STORAGE_DRIVER: 's3',
          S3_BUCKET: BUCKET,
          S3_REGION: 'us-east-1',
          S3_ENDPOINT: server.endpoint,
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
        },
        stop: server.stop,
      };
    },
  },
] as const;

/* Images ----------------------------------------------------------------------------------------- */

/** A picture with a diagonal gradient: not one flat colour, and quick to encode (random noise takes AVIF seconds). */
function gradient(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) pixels.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A JPEG photo with a GPS position in its EXIF (the secret the variants must not carry) and, when asked, an orientation. */
const GPS_SECRET = 'WGS-84-HIDEOUT';
const photo = (width: number, height: number, orientation = 1) =>
  gradient(width, height)
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSMapDatum: GPS_SECRET } })
    .withMetadata({ orientation })
    .jpeg({ quality: 80 })
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few dozen bytes whose header declares `width` × `height`: a decompression bomb when large. */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const SHARP_FORMAT: Record<ImageVariant['format'], string> = { avif: 'heif', webp: 'webp', jpg: 'jpeg' };
const file = (variant: ImageVariant) => `${variant.width}.${variant.format}`;

/* Requests --------------------------------------------------------------------------------------- */

async function upload(t: TestApp, data: Buffer, filename = 'picture') {
  const boundary = `----images-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.request({
    method: 'POST',
    url: '/api/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    token: await t.adminToken(),
  });
}

async function uploaded(t: TestApp, data: Buffer): Promise<{ url: string; name: string }> {
  const response = await upload(t, data);
  expect(response.statusCode, response.body).toBe(201);
  const { url } = response.json<{ url: string }>();
  return { url, name: url.slice('/uploads/'.length) };
}

async function stored(store: BlobStore, key: string): Promise<boolean> {
  try {
    await store.stat(key);
    return true;
  } catch (error) {
    if (isBlobStoreError(error, 'not_found')) return false;
    throw error;
  }
}

const storedVariants = async (t: TestApp, name: string) =>
  (await Promise.all(IMAGE_VARIANTS.map(async (variant) => ((await stored(t.app.blobs, variantKey(name, variant))) ? file(variant) : null)))).filter(Boolean);

const removeVariants = (t: TestApp, name: string) => Promise.all(IMAGE_VARIANTS.map((variant) => t.app.blobs.remove(variantKey(name, variant))));

/** Counts the blob store's writes of one key from now on. */
function countPuts(t: TestApp, key: string): () => number {
  const put = vi.spyOn(t.app.blobs, 'put');
  return () => put.mock.calls.filter(([written]) => written === key).length;
}

for (const { driver, start } of drivers) {
  // Encoding is real work (AVIF most): a loaded 2-core machine needs more than the default 20 s for an upload's nine variants.
  describe(`image variants on the ${driver} driver`, { timeout: 60_000 }, () => {
    let t: TestApp;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      const backend = await start();
      stop = backend.stop;
      t = await build(backend.env);
      expect(t.app.blobs.driver).toBe(driver);
    });
    afterAll(async () => {
      await t.close();
      await stop();
    });

    it('an upload makes every width in AVIF and WebP, and the link-preview JPEG, without EXIF or GPS', async () => {
      const original = await photo(1400, 1050);
      expect((await sharp(original).metadata()).exif?.includes(GPS_SECRET)).toBe(true);
      const { url, name } = await uploaded(t, original);
      expect(await storedVariants(t, name)).toEqual(IMAGE_VARIANTS.map(file));

      for (const variant of IMAGE_VARIANTS) {
        const response = await t.request({ method: 'GET', url: `${url}/${file(variant)}` });
        expect(response.statusCode, file(variant)).toBe(200);
        const metadata = await sharp(response.rawPayload).metadata();
        expect(metadata.format, file(variant)).toBe(SHARP_FORMAT[variant.format]);
        if (variant.format === 'avif') expect(metadata.compression).toBe('av1');
        expect(metadata.width, file(variant)).toBe(variant.width);
        expect(metadata.height, file(variant)).toBe(Math.round((variant.width * 1050) / 1400));
        expect(metadata.exif, file(variant)).toBeUndefined();
        expect(response.rawPayload.includes(GPS_SECRET)).toBe(false);
        expect(response.headers['content-type']).toBe(`image/${variant.format === 'jpg' ? 'jpeg' : variant.format}`);
      }
      expect(openGraphImageUrl(url)).toBe(`${url}/${file(OPEN_GRAPH_IMAGE_VARIANT)}`);
    });

    it('never enlarges: the widths past the original are the original width', async () => {
      const { url } = await uploaded(t, await gradient(500, 250).png().toBuffer());
      for (const variant of IMAGE_VARIANTS) {
        const response = await t.request({ method: 'GET', url: `${url}/${file(variant)}` });
        const { width, height } = await sharp(response.rawPayload).metadata();
        expect({ width, height }, file(variant)).toEqual({ width: Math.min(variant.width, 500), height: Math.min(variant.width, 500) / 2 });
      }
    });

    it('turns a photo upright as its EXIF orientation says, and drops the orientation', async () => {
      // Stored 300 × 100 with "rotate 90°": seen as 100 wide and 300 high.
      const { url } = await uploaded(t, await photo(300, 100, 6));
      const response = await t.request({ method: 'GET', url: `${url}/320.webp` });
      const metadata = await sharp(response.rawPayload).metadata();
      expect({ width: metadata.width, height: metadata.height, orientation: metadata.orientation }).toEqual({ width: 100, height: 300, orientation: undefined });
    });

    it.each([
      { what: 'a decompression bomb (50,000 × 50,000 in a tiny PNG)', width: 50_000, height: 50_000 },
      { what: 'a strip of absurd length (20,000 × 10)', width: 20_000, height: 10 },
    ])('refuses $what with 413 and stores nothing', async ({ width, height }) => {
      const bomb = pngDeclaring(width, height);
      expect(bomb.length).toBeLessThan(100);
      const puts = vi.spyOn(t.app.blobs, 'put');
      const response = await upload(t, bomb);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        detail: `The image is ${width} × ${height} pixels: at most 12000 pixels a side and 40 megapixels are accepted`,
        code: 'image_too_large',
      });
      expect(puts).not.toHaveBeenCalled();
      puts.mockRestore();
    });

    it('refuses a file that starts like a JPEG but holds no picture with 415', async () => {
      const puts = vi.spyOn(t.app.blobs, 'put');
      const response = await upload(t, Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'));
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('unreadable_image');
      expect(puts).not.toHaveBeenCalled();
      puts.mockRestore();
    });

    it('makes the variant of an image stored before at its first request, and keeps it', async () => {
      const { url, name } = await uploaded(t, await photo(800, 600));
      await removeVariants(t, name);
      expect(await storedVariants(t, name)).toEqual([]);

      const response = await t.request({ method: 'GET', url: `${url}/640.avif` });
      expect(response.statusCode).toBe(200);
      const metadata = await sharp(response.rawPayload).metadata();
      expect({ format: metadata.format, width: metadata.width, exif: metadata.exif }).toEqual({ format: 'heif', width: 640, exif: undefined });
      expect(await storedVariants(t, name)).toEqual(['640.avif']);

      const again = await t.request({ method: 'GET', url: `${url}/640.avif` });
      expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    });

    it('makes a variant once when 20 first requests for it arrive together', async () => {
      const { url, name } = await uploaded(t, await photo(800, 600));
      await removeVariants(t, name);
      const writes = countPuts(t, variantKey(name, { width: 640, format: 'webp' }));
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.request({ method: 'GET', url: `${url}/640.webp` })));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
      expect(writes()).toBe(1);
      vi.restoreAllMocks();
    });

    it('two instances making the same variant at once leave one whole, readable object', async () => {
      const { name } = await uploaded(t, await photo(800, 600));
      await removeVariants(t, name);
      const variant = { width: 640, format: 'avif' } as const;
      const writes = countPuts(t, variantKey(name, variant));
      const instances = [new ImageVariants(t.app.blobs), new ImageVariants(t.app.blobs)];
      const answers = await Promise.all(instances.flatMap((instance) => Array.from({ length: 5 }, () => instance.get(name, variant))));
      expect(answers.every((answer) => answer?.kind === 'made' || answer?.kind === 'stored')).toBe(true);
      // Each instance makes it at most once; both write the same bytes.
      expect(writes()).toBeLessThanOrEqual(2);
      vi.restoreAllMocks();
      const served = await t.request({ method: 'GET', url: `/uploads/${name}/640.avif` });
      const metadata = await sharp(served.rawPayload).metadata();
      expect({ format: metadata.format, width: metadata.width }).toEqual({ format: 'heif', width: 640 });
    });

    it('answers with a year of immutable caching and an ETag, and 304 to a revalidation', async () => {
      const { url } = await uploaded(t, await photo(800, 600));
      const response = await t.request({ method: 'GET', url: `${url}/640.webp` });
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain('sandbox');
      const etag = response.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);

      const revalidated = await t.request({ method: 'GET', url: `${url}/640.webp`, headers: { 'if-none-match': `W/"other", ${etag}` } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);

      const otherTag = await t.request({ method: 'GET', url: `${url}/640.webp`, headers: { 'if-none-match': '"something-else"' } });
      expect(otherTag.statusCode).toBe(200);
      // Another size is another resource with its own tag.
      const other = await t.request({ method: 'GET', url: `${url}/320.webp` });
      expect(other.headers.etag).not.toBe(etag);
    });

    it('refuses a width or format outside the fixed list with 404 and makes nothing', async () => {
      const { url, name } = await uploaded(t, await photo(400, 300));
      await removeVariants(t, name);
      const puts = vi.spyOn(t.app.blobs, 'put');
      for (const asked of ['500.webp', '641.avif', '5000.avif', '640.png', '640.jpg', '1200.webp', '640', '0640.webp', '640.webp.', 'x']) {
        const response = await t.request({ method: 'GET', url: `${url}/${asked}` });
        expect(response.statusCode, asked).toBe(404);
        expect(response.json().code).toBe('not_found');
      }
      expect(puts).not.toHaveBeenCalled();
      puts.mockRestore();
      expect(await storedVariants(t, name)).toEqual([]);
    });

    it('answers 404 for a variant of an image that does not exist, or of an unsafe name', async () => {
      for (const url of [`/uploads/${randomUUID()}.png/640.webp`, '/uploads/..%2Fsecret/640.webp', '/uploads/.hidden/640.webp']) {
        const response = await t.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
    });

    it('sends the variants of an animated GIF to the original (a still would lose the animation)', async () => {
      const frame = (colour: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();
      const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } }).gif().toBuffer();
      const { url, name } = await uploaded(t, gif);
      expect(await storedVariants(t, name)).toEqual([]);
      const response = await t.request({ method: 'GET', url: `${url}/640.avif` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(url);
      expect(await stored(t.app.blobs, imageKey(name))).toBe(true);
    });
  });
}
