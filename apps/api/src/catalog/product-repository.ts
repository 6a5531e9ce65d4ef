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
} from '@store/contracts';
import { sql, type Kysely } from 'kysely';
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
export const ADMIN_COLUMNS = [...DETAIL_COLUMNS, 'max_activations'] as const;
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

/**
 * Every column of a product row as the code knows it: not the search documents the database keeps beside
 * them (migration 2026-12-02-0001), which only its queries read. A record, so a new column is not forgotten.
 */
const ROW_COLUMNS = Object.keys({
  id: true,
  title: true,
  description: true,
  detailed_description: true,
  price_cents: true,
  category: true,
  product_type: true,
  images: true,
  features: true,
  system_requirements: true,
  stock_quantity: true,
  rating_tenths: true,
  reviews_count: true,
  created_at: true,
  updated_at: true,
  archived_at: true,
  delivery: true,
  download_limit: true,
  key_mode: true,
  key_pattern: true,
  max_activations: true,
  billing_interval: true,
  trial_days: true,
} satisfies Record<keyof ProductRow, true>) as (keyof ProductRow)[];

/** A live product; `forUpdate` locks its row until the caller's transaction ends. */
export function findProduct(db: Kysely<Database>, id: string, { forUpdate = false } = {}): Promise<ProductRow | undefined> {
  const query = db.selectFrom('products').select(ROW_COLUMNS).where('id', '=', id).where('archived_at', 'is', null);
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
    .returning(ROW_COLUMNS)
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
    .returning(ROW_COLUMNS)
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
