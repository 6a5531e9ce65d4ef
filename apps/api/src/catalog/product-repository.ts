import {
  CATEGORIES,
  DEFAULT_CATEGORY,
  DEFAULT_KEY_PATTERN,
  DEFAULT_PRODUCT_TYPE,
  LIMITS,
  toCents,
  toDollars,
  type AdminProduct,
  type BillingInterval,
  type CategoryOption,
  type Product,
  type ProductSummary,
  type ProductInput,
  type ProductListQuery,
} from '@store/contracts';
import { sql, type Kysely } from 'kysely';
import { containsPattern } from '../db/like.ts';
import { countRows, pageOf } from '../db/paging.ts';
import type { Database, ProductRow } from '../db/schema.ts';
import type { PackageFacts } from '../packages/package-repository.ts';

/** The catalogue row as the contract speaks it: dollars, image fallback, rating in stars. */
export function toProduct(row: ProductDetailRow & PackageFacts): Product {
  return { ...toProductSummary(row), detailed_description: row.detailed_description };
}

/** The columns a list reads: all but the long description, which only the product page shows. */
export const SUMMARY_COLUMNS = [
  'id',
  'title',
  'description',
  'price_cents',
  'category',
  'product_type',
  'images',
  'features',
  'system_requirements',
  'stock_quantity',
  'rating_tenths',
  'reviews_count',
  'created_at',
  'download_limit',
  'key_mode',
  'key_pattern',
  'billing_interval',
  'trial_days',
] as const satisfies readonly (keyof ProductRow)[];
export type ProductSummaryRow = Pick<ProductRow, (typeof SUMMARY_COLUMNS)[number]>;
const DETAIL_COLUMNS = [...SUMMARY_COLUMNS, 'detailed_description'] as const;
export type ProductDetailRow = Pick<ProductRow, (typeof DETAIL_COLUMNS)[number]>;
/** The columns staff see: the whole product and what only the licence check uses. */
const ADMIN_COLUMNS = [...DETAIL_COLUMNS, 'max_activations'] as const;
export type AdminProductRow = Pick<ProductRow, (typeof ADMIN_COLUMNS)[number]>;

/** A product as staff see it (AdminProduct in the contract). */
export function toAdminProduct(row: AdminProductRow & PackageFacts): AdminProduct {
  return { ...toProduct(row), max_activations: row.max_activations };
}

/** A product as lists show it (ProductSummary in the contract). */
export function toProductSummary(row: ProductSummaryRow & PackageFacts): ProductSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: toDollars(row.price_cents),
    category: row.category as Product['category'],
    product_type: row.product_type as Product['product_type'],
    images: row.images,
    image: row.images[0] ?? null,
    features: row.features,
    system_requirements: row.system_requirements,
    stock_quantity: row.stock_quantity,
    rating: row.rating_tenths === null ? null : row.rating_tenths / 10,
    reviews_count: row.reviews_count,
    created_at: row.created_at.toISOString(),
    download_limit: row.download_limit,
    key_mode: row.key_mode,
    key_pattern: row.key_pattern,
    billing_interval: row.billing_interval,
    trial_days: row.trial_days,
    package_items: row.package_items,
  };
}

/** The filters of a list query, without its order and page: what its `total` depends on. */
function filteredProducts(db: Kysely<Database>, query: ProductListQuery, pattern: string | undefined) {
  let filtered = db.selectFrom('products').where('archived_at', 'is', null);
  // One expression for title and description, served by the trigram index on it.
  if (pattern) filtered = filtered.where(sql<string>`title || ' ' || description`, 'ilike', pattern);
  if (query.category) filtered = filtered.where('category', '=', query.category);
  if (query.ids) filtered = filtered.where('id', 'in', [...new Set(query.ids.toLowerCase().split(','))]);
  return filtered;
}

/**
 * One page of the catalogue in the order asked. A search without a chosen order puts the products whose
 * title matches first, newest first within each group: two queries that each stop after the page's last
 * row (the newest-first index is walked and filtered), not a sort of every match.
 */
export async function listProductPage<C extends keyof ProductRow>(
  db: Kysely<Database>,
  query: ProductListQuery,
  columns: readonly C[],
): Promise<Pick<ProductRow, C>[]> {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const { limit, offset } = pageOf(query);
  const filtered = filteredProducts(db, query, pattern).select(columns as readonly (keyof ProductRow)[]);

  if (pattern && query.sort === undefined) {
    const newest = <Q extends typeof filtered>(page: Q) =>
      page
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(offset + limit);
    const inTitle = (await newest(filtered.where('title', 'ilike', pattern)).execute()) as Pick<ProductRow, C>[];
    if (inTitle.length >= offset + limit) return inTitle.slice(offset);
    // The rest of the page comes from the products that match elsewhere than in their title.
    const skip = Math.max(0, offset - inTitle.length);
    const elsewhere = (await filtered
      .where('title', 'not ilike', pattern)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(offset + limit - inTitle.length - skip)
      .offset(skip)
      .execute()) as Pick<ProductRow, C>[];
    return [...inTitle.slice(offset), ...elsewhere];
  }

  let page = filtered;
  switch (query.sort ?? 'newest') {
    case 'price_asc':
      page = page.orderBy('price_cents', 'asc').orderBy('created_at', 'desc').orderBy('id');
      break;
    case 'price_desc':
      page = page.orderBy('price_cents', 'desc').orderBy('created_at', 'desc').orderBy('id');
      break;
    case 'name':
      page = page.orderBy(sql`lower(title)`, 'asc').orderBy('id');
      break;
    default:
      page = page.orderBy('created_at', 'desc').orderBy('id', 'desc');
  }
  return await page.limit(limit).offset(offset).execute();
}

/** How many products a list query matches, whatever its order and page. */
export function countProducts(db: Kysely<Database>, query: ProductListQuery): Promise<number> {
  const search = query.search?.trim();
  return countRows(filteredProducts(db, query, search ? containsPattern(search) : undefined));
}

/** The public list: summaries in the order asked, with the total. */
export async function listProductSummaries(
  db: Kysely<Database>,
  query: ProductListQuery,
): Promise<{ rows: ProductSummaryRow[]; total: number }> {
  const [rows, total] = await Promise.all([listProductPage(db, query, SUMMARY_COLUMNS), countProducts(db, query)]);
  return { rows, total };
}

/** The staff list: whole products (the edit form opens from it), in the order asked, with the total. */
export async function listProducts(db: Kysely<Database>, query: ProductListQuery): Promise<{ rows: AdminProductRow[]; total: number }> {
  const [rows, total] = await Promise.all([listProductPage(db, query, ADMIN_COLUMNS), countProducts(db, query)]);
  return { rows, total };
}

/** A live product; `forUpdate` locks its row until the caller's transaction ends. */
export function findProduct(db: Kysely<Database>, id: string, { forUpdate = false } = {}): Promise<ProductRow | undefined> {
  const query = db.selectFrom('products').selectAll().where('id', '=', id).where('archived_at', 'is', null);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

function toColumns(input: ProductInput) {
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    detailed_description: input.detailed_description.trim(),
    price_cents: toCents(input.price),
    category: input.category ?? DEFAULT_CATEGORY,
    product_type: input.product_type ?? DEFAULT_PRODUCT_TYPE,
    images: JSON.stringify(input.images ?? []),
    features: JSON.stringify((input.features ?? []).map((feature) => feature.trim()).filter(Boolean)),
    system_requirements: JSON.stringify(input.system_requirements ?? {}),
    // A package keeps no stock of its own: its members' unsold units are its stock (docs/decisions/038-packages.md).
    stock_quantity: input.product_type === 'package' ? 0 : (input.stock_quantity ?? 0),
  };
}

const isSubscription = (input: ProductInput) => (input.product_type ?? DEFAULT_PRODUCT_TYPE) === 'subscription';

/** A new product's billing terms: a subscription's interval and trial, none for the other types (docs/decisions/037). */
function subscriptionTerms(input: ProductInput): { billing_interval: BillingInterval | null; trial_days: number } {
  return isSubscription(input)
    ? { billing_interval: input.billing_interval ?? null, trial_days: input.trial_days ?? 0 }
    : { billing_interval: null, trial_days: 0 };
}

/** Adds a product. It starts with no reviews: no rating and a count of 0 (docs/decisions/027-reviews.md). */
export function insertProduct(db: Kysely<Database>, input: ProductInput, { created_at }: { created_at?: Date } = {}): Promise<ProductRow> {
  const generated = input.key_mode === 'generated';
  return db
    .insertInto('products')
    .values({
      ...toColumns(input),
      ...(created_at ? { created_at } : {}),
      archived_at: null,
      download_limit: input.download_limit ?? LIMITS.downloadLimitDefault,
      max_activations: input.max_activations ?? LIMITS.maxActivationsDefault,
      key_mode: input.key_mode ?? 'pool',
      key_pattern: generated ? (input.key_pattern ?? DEFAULT_KEY_PATTERN) : null,
      ...subscriptionTerms(input),
      // Generated keys never run out: the product sells by key with the stock staff set.
      ...(generated ? { delivery: 'license_key' as const } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Replaces a product's fields. The download limit, the activation limit and the key mode are kept when
 * absent (older clients).
 * The stock: a product selling from a key pool counts it from the pool, not from the form; one whose keys
 * are generated takes the form's; one going back from generated keys to a pool takes the pool's unsold
 * keys (none: it is sold out until staff add some).
 */
export function updateProduct(db: Kysely<Database>, id: string, input: ProductInput): Promise<ProductRow | undefined> {
  const mode = sql<string>`coalesce(${input.key_mode ?? null}::text, key_mode)`;
  const stock = input.product_type === 'package' ? 0 : (input.stock_quantity ?? 0);
  return db
    .updateTable('products')
    .set({
      ...toColumns(input),
      stock_quantity: sql`CASE
        WHEN ${mode} = 'generated' THEN ${stock}
        WHEN key_mode = 'generated' THEN (SELECT count(*)::int FROM license_keys k WHERE k.product_id = products.id AND k.order_item_id IS NULL AND k.subscription_id IS NULL)
        WHEN delivery = 'license_key' THEN stock_quantity
        ELSE ${stock} END`,
      delivery: sql`CASE WHEN ${mode} = 'generated' THEN 'license_key' ELSE delivery END`,
      key_mode: mode as never,
      key_pattern: sql`CASE WHEN ${mode} = 'generated' THEN coalesce(${input.key_pattern ?? null}::text, key_pattern, ${DEFAULT_KEY_PATTERN}::text) ELSE NULL END`,
      download_limit: sql`coalesce(${input.download_limit ?? null}::int, download_limit)`,
      max_activations: sql`coalesce(${input.max_activations ?? null}::int, max_activations)`,
      // A subscription keeps its stored terms when the input leaves them out; any other type has none.
      billing_interval: sql`CASE WHEN ${isSubscription(input)}::boolean THEN coalesce(${input.billing_interval ?? null}::text, billing_interval) ELSE NULL END`,
      trial_days: sql`CASE WHEN ${isSubscription(input)}::boolean THEN coalesce(${input.trial_days ?? null}::int, trial_days) ELSE 0 END`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Takes a product out of the catalogue; orders that reference it keep their lines. Answers its title, or undefined when there was no live product. */
export function archiveProduct(db: Kysely<Database>, id: string): Promise<{ title: string } | undefined> {
  return db
    .updateTable('products')
    .set({ archived_at: sql`now()` })
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .returning('title')
    .executeTakeFirst();
}

export const categoryOptions: CategoryOption[] = CATEGORIES.map(({ value, label }) => ({ value, label }));
