import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_VARIANT_MIME, IMAGE_VARIANTS, OPEN_GRAPH_IMAGE_VARIANT, imageVariantUrl, parseImageVariant } from '@store/contracts';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { isBlobStoreError, type BlobStore } from '../storage/blob-store.ts';
import { isNotModified } from '../storage/conditional.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';
import { ImageVariants, variantEtag } from '../uploads/image-variants.ts';

/** Where the public images are answered: `/uploads/<name>`, read from the blob store's `images/<name>`. */
export const UPLOADS_PREFIX = '/uploads/';
/** An image's name: made by the API (a UUID and an extension), one segment, so no other key is reachable. */
const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The blob key of a public image. Deliverables live under `files/`, which no unsigned route reads. */
export const imageKey = (name: string) => `images/${name}`;
export const imageUrl = (name: string) => `${UPLOADS_PREFIX}${name}`;

/**
 * The link-preview (Open Graph) picture of an image address: the 1200-px JPEG variant of an uploaded
 * image, or the address itself for an image elsewhere. Relative: the page adds its absolute origin.
 */
export const openGraphImageUrl = (url: string) => imageVariantUrl(url, OPEN_GRAPH_IMAGE_VARIANT) ?? url;

/** Images never change under their address: a year in any cache, never asked again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Headers that keep a stored file from ever running as a page. */
function imageHeaders(reply: FastifyReply, contentType: string): FastifyReply {
  return reply
    .header('Content-Type', contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox");
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every file the store keeps: public images and the sellers' private deliverables (storage/blob-store.ts). */
    blobs: BlobStore;
    /** The resized copies of the public images, made on upload or at their first request (uploads/image-variants.ts). */
    imageVariants: ImageVariants;
  }
}

/**
 * The blob store the config names (disk or S3), and the read-only `/uploads/<name>` route for the public
 * images in it. Images are immutable (a new upload gets a new name), so they are cached for a year, and
 * answered with headers that stop any file from running as a page.
 */
export const storagePlugin = fp(
  async (app) => {
    const store = await createBlobStore(app.config.storage);
    app.decorate('blobs', store);
    const variants = new ImageVariants(store);
    app.decorate('imageVariants', variants);
    app.addHook('onClose', () => store.close());
    await importLegacyUploads(app.config.dataDir, store, app.log);
    app.log.info({ driver: store.driver }, 'file storage ready');

    app.get<{ Params: { name: string } }>(`${UPLOADS_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
      const { name } = request.params;
      const notThere = new AppError('not_found', 'No such image', 'not_found');
      if (!IMAGE_NAME.test(name)) throw notThere;
      try {
        const blob = await store.get(imageKey(name));
        imageHeaders(reply, blob.contentType).header('Content-Length', String(blob.size)).header('Cache-Control', IMMUTABLE);
        return reply.send(blob.body);
      } catch (error) {
        if (isBlobStoreError(error, 'not_found')) throw notThere;
        throw error;
      }
    });

    /*
     * `/uploads/<name>/<width>.<format>`: one of the fixed variants (IMAGE_VARIANTS), made at its first
     * request for an image stored before variants existed. Any other width or format is a 404: a client
     * never chooses what size is computed.
     */
    app.get<{ Params: { name: string; variant: string } }>(`${UPLOADS_PREFIX}:name/:variant`, { schema: { hide: true } }, async (request, reply) => {
      const { name } = request.params;
      const variant = parseImageVariant(request.params.variant);
      if (!IMAGE_NAME.test(name) || variant === null) {
        throw new AppError('not_found', `No such image size: the sizes are ${VARIANT_FILES}`, 'not_found');
      }
      const answer = await variants.get(name, variant);
      if (answer === null) throw new AppError('not_found', 'No such image', 'not_found');
      if (answer.kind === 'original') {
        // An animated image (or one stored before the limits that cannot be decoded) is shown as it is.
        return reply.header('Cache-Control', 'public, max-age=86400').redirect(imageUrl(name), 302);
      }
      const etag = variantEtag(variant);
      reply.header('Cache-Control', IMMUTABLE).header('ETag', etag);
      // Only If-None-Match: the address's bytes never change, so a date says nothing more.
      if (isNotModified({ ifNoneMatch: request.headers['if-none-match'] }, { etag, lastModified: new Date(0) })) {
        if (answer.kind === 'stored') answer.body.destroy();
        return reply.code(304).send();
      }
      imageHeaders(reply, IMAGE_VARIANT_MIME[variant.format]);
      if (answer.kind === 'made') return reply.header('Content-Length', String(answer.bytes.length)).send(answer.bytes);
      return reply.header('Content-Length', String(answer.size)).send(answer.body);
    });
  },
  { name: 'storage', dependencies: ['config'] },
);

const VARIANT_FILES = IMAGE_VARIANTS.map((variant) => `${variant.width}.${variant.format}`).join(', ');

/**
 * Images uploaded before the blob store lived in `DATA_DIR/uploads/`: each one not yet in the store is
 * copied in (the folder is left as it is), so their `/uploads/` addresses keep working on any driver.
 */
async function importLegacyUploads(
  dataDir: string,
  store: BlobStore,
  log: { info: (data: object, message: string) => void },
): Promise<void> {
  const folder = path.join(dataDir, 'uploads');
  const names = await readdir(folder).catch(() => [] as string[]);
  let imported = 0;
  for (const name of names) {
    if (!IMAGE_NAME.test(name)) continue;
    try {
      await store.stat(imageKey(name));
      continue;
    } catch (error) {
      if (!isBlobStoreError(error, 'not_found')) throw error;
    }
    const extension = path.extname(name).slice(1).toLowerCase();
    const contentType = LEGACY_TYPES[extension] ?? 'application/octet-stream';
    await store.put(imageKey(name), await readFile(path.join(folder, name)), { contentType });
    imported += 1;
  }
  if (imported > 0) log.info({ imported }, 'images from the uploads folder copied into the file storage');
}

const LEGACY_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
