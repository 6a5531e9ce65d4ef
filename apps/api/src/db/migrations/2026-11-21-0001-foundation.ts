import { sql, type Kysely } from 'kysely';

/** Users, catalogue, site settings and server metadata. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('user').check(sql`role IN ('admin', 'user')`))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`.execute(db);
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('detailed_description', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('product_type', 'text', (col) => col.notNull())
    .addColumn('images', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('features', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('system_requirements', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('stock_quantity', 'integer', (col) => col.notNull().defaultTo(0).check(sql`stock_quantity >= 0`))
    .addColumn('rating_tenths', 'smallint', (col) => col.notNull().defaultTo(40).check(sql`rating_tenths BETWEEN 0 AND 50`))
    .addColumn('reviews_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('archived_at', 'timestamptz')
    .execute();
  // Partial indexes over the live catalogue serve each sort of the list without a full scan.
  await sql`CREATE INDEX products_newest_idx ON products (created_at DESC, id DESC) WHERE archived_at IS NULL`.execute(db);
  await sql`CREATE INDEX products_category_newest_idx ON products (category, created_at DESC) WHERE archived_at IS NULL`.execute(db);
  await sql`CREATE INDEX products_price_idx ON products (price_cents, created_at DESC) WHERE archived_at IS NULL`.execute(db);
  await sql`CREATE INDEX products_title_idx ON products (lower(title), id) WHERE archived_at IS NULL`.execute(db);
  await sql`CREATE INDEX products_search_trgm_idx ON products USING gin ((title || ' ' || description) gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'smallint', (col) => col.primaryKey().defaultTo(1).check(sql`id = 1`))
    .addColumn('site_name', 'text', (col) => col.notNull())
    .addColumn('primary_color', 'text', (col) => col.notNull())
    .addColumn('secondary_color', 'text', (col) => col.notNull())
    .addColumn('font_family', 'text', (col) => col.notNull())
    .addColumn('theme', 'text', (col) => col.notNull())
    .addColumn('logo_url', 'text')
    .addColumn('coingate_api_key', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('coingate_environment', 'text', (col) => col.notNull().defaultTo('sandbox'))
    .addColumn('paypal_client_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('paypal_client_secret', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('paypal_environment', 'text', (col) => col.notNull().defaultTo('sandbox'))
    .addColumn('smtp_host', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('smtp_port', 'integer', (col) => col.notNull().defaultTo(587))
    .addColumn('smtp_username', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('smtp_password', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('smtp_use_tls', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('smtp_from_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('smtp_from_name', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}
