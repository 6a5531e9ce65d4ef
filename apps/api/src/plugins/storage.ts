import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { isBlobStoreError, type BlobStore } from '../storage/blob-store.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';

/** Where the public images are answered: `/uploads/<name>`, read from the blob store's `images/<name>`. */
export const UPLOADS_PREFIX = '/uploads/';
/** An image's name: made by the API (a UUID and an extension), one segment, so no other key is reachable. */
const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The blob key of a public image. Deliverables live under `files/`, which no unsigned route reads. */
export const imageKey = (name: string) => `images/${name}`;
export const imageUrl = (name: string) => `${UPLOADS_PREFIX}${name}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every file the store keeps: public images and the sellers' private deliverables (storage/blob-store.ts). */
    blobs: BlobStore;
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
    app.addHook('onClose', () => store.close());
    await importLegacyUploads(app.config.dataDir, store, app.log);
    app.log.info({ driver: store.driver }, 'file storage ready');

    app.get<{ Params: { name: string } }>(`${UPLOADS_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
      const { name } = request.params;
      const notThere = new AppError('not_found', 'No such image', 'not_found');
      if (!IMAGE_NAME.test(name)) throw notThere;
      try {
        const blob = await store.get(imageKey(name));
        reply
          .header('Content-Type', blob.contentType)
          .header('Content-Length', String(blob.size))
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox");
        return reply.send(blob.body);
      } catch (error) {
        if (isBlobStoreError(error, 'not_found')) throw notThere;
        throw error;
      }
    });
  },
  { name: 'storage', dependencies: ['config'] },
);

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
