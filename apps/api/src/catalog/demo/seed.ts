import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { sealLicenseKey } from '../../orders/license-keys.ts';
import { imageKey, imageUrl } from '../../plugins/storage.ts';
import { isBlobStoreError } from '../../storage/blob-store.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { insertUser } from '../../auth/user-repository.ts';
import { fallbackOrigin } from '../../http/shop-origin.ts';
import { changeOrderStatus, createOrder } from '../../orders/order-service.ts';
import { createProduct } from '../../packages/package-repository.ts';
import type { Caller } from '../../plugins/auth.ts';
import { findOwnReview, isVerifiedBuyer } from '../../reviews/review-repository.ts';
import { saveReview } from '../../reviews/review-service.ts';
import { demoDeliverables } from './demo-files.ts';
import { DEMO_PACKAGES } from './demo-packages.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';
import { DEMO_BUYERS, DEMO_REVIEWS, demoBuyerEmail } from './demo-reviews.ts';

const KEYED_CATEGORIES = new Set(['licenses', 'software']);
/** The app_meta key the catalogue's seed leaves for the demo's reviews, written by the next step of the start. */
const DEMO_REVIEWS_PENDING = 'demo_reviews_pending';
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
  for (const deliverable of await demoDeliverables()) {
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
    // Only the start that fills the catalogue asks for the demo's reviews: a store with its own products gets none.
    await trx.insertInto('app_meta').values({ key: DEMO_REVIEWS_PENDING, value: new Date().toISOString() }).execute();
    const now = Date.now();
    for (const [index, demo] of DEMO_PRODUCTS.entries()) {
      const { image: _image, ...fields } = demo;
      const product = await createProduct(
        trx,
        { ...fields, images: [imageUrl(names[index]!)] },
        // The first demo product is the newest, so the default sort shows the catalogue in file order.
        { created_at: new Date(now - index * 60_000) },
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
      const { image: _image, members, stock_quantity: _derived, ...fields } = demo;
      await createProduct(
        trx,
        {
          ...fields,
          images: [imageUrl(names[DEMO_PRODUCTS.length + index]!)],
          stock_quantity: 0,
          package_items: members.map((member) => ({ product_id: ids.get(member.title)!, quantity: member.quantity })),
        },
        { created_at: new Date(now - (DEMO_PRODUCTS.length + index) * 60_000) },
      );
    }
    return DEMO_PRODUCTS.length + DEMO_PACKAGES.length;
  });
  if (seeded > 0) app.log.info({ products: seeded }, 'demo catalogue seeded');
  return seeded;
}

/**
 * Writes the demo's reviews once after the catalogue that asked for them (its marker is written with it), on
 * one instance: the marker is taken first, so a second instance starting at once finds nothing to do. Kept
 * apart from the catalogue's seed so each stays well within a plugin's start-up time.
 */
export async function seedPendingDemoReviews(app: FastifyInstance): Promise<number> {
  const claimed = await app.db.deleteFrom('app_meta').where('key', '=', DEMO_REVIEWS_PENDING).returning('key').executeTakeFirst();
  if (!claimed) return 0;
  const reviews = await seedDemoReviews(app);
  app.log.info({ reviews }, 'demo reviews written');
  return reviews;
}

/** A demo buyer's account, made once with an unusable password (see `seedDemoReviews`). */
async function demoBuyer(app: FastifyInstance, username: string, passwordHash: () => Promise<string>): Promise<Caller> {
  const found = await app.db.selectFrom('users').select(['id', 'username', 'email']).where('username', '=', username).executeTakeFirst();
  const user =
    found ?? (await insertUser(app.db, { username, email: demoBuyerEmail(username), password_hash: await passwordHash(), role: 'user' }));
  // The order service reads the buyer's id, name and address; no session stands behind this caller.
  return { id: user.id, username: user.username, email: user.email, role: 'user', sessionId: '', twoFactorEnabled: false };
}

/**
 * The demo's reviews through the paths any review takes (docs/decisions/027-reviews.md): each demo buyer
 * orders what they review (priced and delivered by the order service, as staff's confirmation delivers an
 * order), then writes each review through the review service, which checks they are a verified buyer. Each
 * step is skipped when already done, so a start interrupted halfway finishes the rest the next time it runs.
 * Answers how many reviews were written.
 */
export async function seedDemoReviews(app: FastifyInstance): Promise<number> {
  const products = new Map(
    (
      await app.db
        .selectFrom('products')
        .select(['id', 'title'])
        .where('title', 'in', [...new Set(DEMO_REVIEWS.map((review) => review.product))])
        .where('archived_at', 'is', null)
        .execute()
    ).map((row) => [row.title, row.id]),
  );
  const context = { ip: '127.0.0.1', origin: fallbackOrigin(app) };
  // One hash of a random password nobody is told, for every demo buyer: nobody signs in as one, and one
  // argon2 hash instead of three keeps the first start quick.
  let hashed: Promise<string> | undefined;
  const passwordHash = () => (hashed ??= hashPassword(randomBytes(32).toString('base64url')));
  let written = 0;
  for (const username of DEMO_BUYERS) {
    const reviews = DEMO_REVIEWS.filter((review) => review.buyer === username && products.has(review.product));
    if (reviews.length === 0) continue;
    const buyer = await demoBuyer(app, username, passwordHash);
    const toBuy = [];
    for (const review of reviews) {
      const productId = products.get(review.product)!;
      if (!(await isVerifiedBuyer(app.db, buyer.id, productId))) toBuy.push({ product_id: productId, quantity: 1 });
    }
    if (toBuy.length > 0) {
      const order = await createOrder(app, buyer, { items: toBuy, payment_method: 'paypal' }, context);
      await changeOrderStatus(app, order.id, 'confirmed');
    }
    for (const review of reviews) {
      const productId = products.get(review.product)!;
      if (await findOwnReview(app.db, buyer.id, productId)) continue;
      await saveReview(app.db, { productId, userId: buyer.id, rating: review.rating, body: review.body });
      written += 1;
    }
  }
  return written;
}
