import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { insertProduct } from '../product-repository.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';

// Beside this file in the sources; copied beside the bundle by build.mjs.
const IMAGES_DIR = new URL('./images/', import.meta.url);

/**
 * Fills an empty catalogue with the demo products, once per database: the marker in app_meta keeps a
 * store whose staff deleted every product from being refilled at the next start.
 */
export async function seedDemoCatalog(app: FastifyInstance): Promise<number> {
  const claimed = await app.db
    .insertInto('app_meta')
    .values({ key: 'demo_seeded', value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return 0;
  const existing = await app.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;

  // Oldest first, so the first demo product is the newest in the default sort.
  for (const [index, demo] of [...DEMO_PRODUCTS].reverse().entries()) {
    const name = `demo-${demo.image}`;
    try {
      await app.storage.put(name, await readFile(new URL(demo.image, IMAGES_DIR)), 'image/jpeg');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const { image: _image, rating, reviews_count, ...fields } = demo;
    await insertProduct(
      app.db,
      { ...fields, images: [app.storage.publicUrl(name)] },
      // Distinct creation times keep the "newest" order stable for the demo.
      { rating_tenths: Math.round(rating * 10), reviews_count, created_at: new Date(Date.now() - (DEMO_PRODUCTS.length - index) * 60_000) },
    );
  }
  app.log.info({ products: DEMO_PRODUCTS.length }, 'demo catalogue seeded');
  return DEMO_PRODUCTS.length;
}
