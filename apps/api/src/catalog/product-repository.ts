import {
  CATEGORIES,
  DEFAULT_CATEGORY,
  DEFAULT_KEY_PATTERN,
  DEFAULT_PRODUCT_TYPE,
  LIMITS,
  toCents,
  toDollars,
  type CategoryOption,
  type Product,
  type ProductInput,
  type ProductListQuery,
} from '@store/contracts';
import { sql, type Kysely } from 'kysely';
import { containsPattern } from '../db/like.ts';
import { countRows, pageOf } from '../db/paging.ts';
import type { Database, ProductRow } from '../db/schema.ts';

/** The catalogue row as the contract speaks it: dollars, image fallback, rating in stars. */
export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    detailed_description: row.detailed_description,
    price: toDollars(row.price_cents),
    category: row.category as Product['category'],
    product_type: row.product_type as Product['product_type'],
    images: row.images,
    image: row.images[0] ?? null,
    features: row.features,
    system_requirements: row.system_requirements,
    stock_quantity: row.stock_quantity,
    rating: row.rating_tenths / 10,
    reviews_count: row.reviews_count,
    created_at: row.created_at.toISOString(),
    download_limit: row.download_limit,
    key_mode: row.key_mode,
    key_pattern: row.key_pattern,
  };
}

export async function listProducts(db: Kysely<Database>, query: ProductListQuery): Promise<{ rows: ProductRow[]; total: number }> {
  let filtered = db.selectFrom('products').where('archived_at', 'is', null);
  const search = query.search?.trim();
  if (search) {
    // One expression for title and description, served by the trigram index on it.
    filtered = filtered.where(sql<string>`title || ' ' || description`, 'ilike', containsPattern(search));
  }
  if (query.category) filtered = filtered.where('category', '=', query.category);
  if (query.ids) filtered = filtered.where('id', 'in', [...new Set(query.ids.toLowerCase().split(','))]);

  let page = filtered.selectAll();
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
  const { limit, offset } = pageOf(query);
  const [rows, total] = await Promise.all([page.limit(limit).offset(offset).execute(), countRows(filtered)]);
  return { rows, total };
}

export function findProduct(db: Kysely<Database>, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();
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
    stock_quantity: input.stock_quantity ?? 0,
  };
}

export function insertProduct(
  db: Kysely<Database>,
  input: ProductInput,
  extra: { rating_tenths?: number; reviews_count?: number; created_at?: Date } = {},
): Promise<ProductRow> {
  const generated = input.key_mode === 'generated';
  return db
    .insertInto('products')
    .values({
      ...toColumns(input),
      ...extra,
      archived_at: null,
      download_limit: input.download_limit ?? LIMITS.downloadLimitDefault,
      key_mode: input.key_mode ?? 'pool',
      key_pattern: generated ? (input.key_pattern ?? DEFAULT_KEY_PATTERN) : null,
      // Generated keys never run out: the product sells by key with the stock staff set.
      ...(generated ? { delivery: 'license_key' as const } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Replaces a product's fields. The download limit and the key mode are kept when absent (older clients).
 * The stock: a product selling from a key pool counts it from the pool, not from the form; one whose keys
 * are generated takes the form's; one going back from generated keys to a pool takes the pool's unsold
 * keys (none: it is sold out until staff add some).
 */
export function updateProduct(db: Kysely<Database>, id: string, input: ProductInput): Promise<ProductRow | undefined> {
  const mode = sql<string>`coalesce(${input.key_mode ?? null}::text, key_mode)`;
  const stock = input.stock_quantity ?? 0;
  return db
    .updateTable('products')
    .set({
      ...toColumns(input),
      stock_quantity: sql`CASE
        WHEN ${mode} = 'generated' THEN ${stock}
        WHEN key_mode = 'generated' THEN (SELECT count(*)::int FROM license_keys k WHERE k.product_id = products.id AND k.order_item_id IS NULL)
        WHEN delivery = 'license_key' THEN stock_quantity
        ELSE ${stock} END`,
      delivery: sql`CASE WHEN ${mode} = 'generated' THEN 'license_key' ELSE delivery END`,
      key_mode: mode as never,
      key_pattern: sql`CASE WHEN ${mode} = 'generated' THEN coalesce(${input.key_pattern ?? null}::text, key_pattern, ${DEFAULT_KEY_PATTERN}::text) ELSE NULL END`,
      download_limit: sql`coalesce(${input.download_limit ?? null}::int, download_limit)`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Takes a product out of the catalogue; orders that reference it keep their lines. */
export async function archiveProduct(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ archived_at: sql`now()` })
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export const categoryOptions: CategoryOption[] = CATEGORIES.map(({ value, label }) => ({ value, label }));
