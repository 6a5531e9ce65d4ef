import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { sealLicenseKey } from '../../orders/license-keys.ts';
import { imageKey, imageUrl } from '../../plugins/storage.ts';
import { isBlobStoreError } from '../../storage/blob-store.ts';
import { createProduct } from '../../packages/package-repository.ts';
import { demoDeliverables } from './demo-files.ts';
import { DEMO_PACKAGES } from './demo-packages.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';

const KEYED_CATEGORIES = new Set(['licenses', 'software']);
const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A demo licence key like `KV-7Q2MX-...`: random, from an alphabet without look-alike characters. */
function demoKey(): string {
  const bytes = randomBytes(20);
  const groups = [0, 1, 2, 3].map((group) =>
    Array.from(bytes.subarray(group * 5, group * 5 + 5), (byte) => KEY_ALPHABET[byte % KEY_ALPHABET.length]).join(''),
  );
  return `KV-${groups.join('-')}`;
}

// Beside this file in the sources; copied beside the bundle by build.mjs.
const IMAGES_DIR = new URL('./images/', import.meta.url);

/**
 * Puts the demo's real files (a template's zip, a course's sample chapter) into the blob store before the
 * catalogue's transaction, under keys named by their content, so a second start writes nothing new, and
 * answers their rows by product title.
 */
async function storeDemoDeliverables(app: FastifyInstance) {
  const byTitle = new Map<string, { name: string; size: number; sha256: string; content_type: string; storage_key: string }[]>();
  for (const deliverable of demoDeliverables()) {
    const files = [];
    for (const file of deliverable.files) {
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      const storageKey = `files/demo/${sha256}`;
      await app.blobs.put(storageKey, file.bytes, { contentType: file.contentType });
      files.push({ name: file.name, size: file.bytes.length, sha256, content_type: file.contentType, storage_key: storageKey });
    }
    byTitle.set(deliverable.productTitle, files);
  }
  return byTitle;
}

/**
 * Fills an empty catalogue with the demo products, once per database and all at once: the marker in
 * app_meta and the products are written in one transaction, so a crash leaves either nothing or all,
 * and a store whose staff removed every product is not refilled at the next start.
 */
export async function seedDemoCatalog(app: FastifyInstance): Promise<number> {
  // Seeded by an earlier start: nothing to store (the transaction below checks again, for a race).
  if (await app.db.selectFrom('app_meta').select('key').where('key', '=', 'demo_seeded').executeTakeFirst()) return 0;
  const names = await Promise.all(
    [...DEMO_PRODUCTS, ...DEMO_PACKAGES].map(async (demo) => {
      const name = `demo-${demo.image}`;
      try {
        // Already stored by an earlier start on the same storage: left as it is.
        await app.blobs.stat(imageKey(name));
      } catch (error) {
        if (!isBlobStoreError(error, 'not_found')) throw error;
        await app.blobs.put(imageKey(name), await readFile(new URL(demo.image, IMAGES_DIR)), { contentType: 'image/jpeg' });
      }
      return name;
    }),
  );

  const deliverables = await storeDemoDeliverables(app);

  const seeded = await app.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('app_meta')
      .values({ key: 'demo_seeded', value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return 0;
    if (await trx.selectFrom('products').select('id').limit(1).executeTakeFirst()) return 0;
    const now = Date.now();
    for (const [index, demo] of DEMO_PRODUCTS.entries()) {
      const { image: _image, rating, reviews_count, ...fields } = demo;
      const product = await createProduct(
        trx,
        { ...fields, images: [imageUrl(names[index]!)] },
        // The first demo product is the newest, so the default sort shows the catalogue in file order.
        // The seeded rating is the baseline buyers' reviews then move (docs/decisions/027-reviews.md).
        { baseline: { rating_tenths: Math.round(rating * 10), reviews_count }, created_at: new Date(now - index * 60_000) },
      );
      // Licences and software sell by key: their demo stock is a pool of generated keys.
      if (KEYED_CATEGORIES.has(demo.category) && demo.stock_quantity > 0) {
        await trx
          .insertInto('license_keys')
          .values(
            Array.from({ length: demo.stock_quantity }, () => ({
              product_id: product.id,
              ...sealLicenseKey(app.dataCipher, product.id, demoKey()),
              order_item_id: null,
              sold_at: null,
            })),
          )
          .execute();
        await trx.updateTable('products').set({ delivery: 'license_key' }).where('id', '=', product.id).execute();
      }
      const files = deliverables.get(demo.title) ?? [];
      if (files.length > 0)
        await trx
          .insertInto('product_files')
          .values(files.map((file) => ({ ...file, product_id: product.id })))
          .execute();
    }
    // The packages after their members, through staff's path (their members checked), older than the products.
    const ids = new Map((await trx.selectFrom('products').select(['id', 'title']).execute()).map((row) => [row.title, row.id]));
    for (const [index, demo] of DEMO_PACKAGES.entries()) {
      const { image: _image, rating, reviews_count, members, stock_quantity: _derived, ...fields } = demo;
      await createProduct(
        trx,
        {
          ...fields,
          images: [imageUrl(names[DEMO_PRODUCTS.length + index]!)],
          stock_quantity: 0,
          package_items: members.map((member) => ({ product_id: ids.get(member.title)!, quantity: member.quantity })),
        },
        {
          baseline: { rating_tenths: Math.round(rating * 10), reviews_count },
          created_at: new Date(now - (DEMO_PRODUCTS.length + index) * 60_000),
        },
      );
    }
    return DEMO_PRODUCTS.length + DEMO_PACKAGES.length;
  });
  if (seeded > 0) app.log.info({ products: seeded }, 'demo catalogue seeded');
  return seeded;
}
