import { CATEGORIES, DEFAULT_CATEGORY, DEFAULT_PRODUCT_TYPE, toCents, toDollars, type CategoryOption, type Product, type ProductInput, type ProductListQuery } from '@store/contracts';
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

export function insertProduct(db: Kysely<Database>, input: ProductInput, extra: { rating_tenths?: number; reviews_count?: number; created_at?: Date } = {}): Promise<ProductRow> {
  return db
    .insertInto('products')
    .values({ ...toColumns(input), ...extra, archived_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateProduct(db: Kysely<Database>, id: string, input: ProductInput): Promise<ProductRow | undefined> {
  return db
    .updateTable('products')
    .set({
      ...toColumns(input),
      // A product sold by licence key counts its stock from the key pool, not from the form.
      stock_quantity: sql`CASE WHEN delivery = 'license_key' THEN stock_quantity ELSE ${input.stock_quantity ?? 0} END`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Takes a product out of the catalogue; orders that reference it keep their lines. */
export async function archiveProduct(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.updateTable('products').set({ archived_at: sql`now()` }).where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export const categoryOptions: CategoryOption[] = CATEGORIES.map(({ value, label }) => ({ value, label }));
