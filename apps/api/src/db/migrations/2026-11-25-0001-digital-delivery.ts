import { sql, type Kysely } from 'kysely';

/**
 * Real delivery (docs/decisions/020-digital-delivery.md): a product's private files, the copy of them
 * each delivered line keeps with its download count, the delivery log, and the product's download limit
 * and key mode.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('download_limit', 'integer', (col) => col.notNull().defaultTo(5).check(sql`download_limit BETWEEN 1 AND 1000`))
    .addColumn('key_mode', 'text', (col) => col.notNull().defaultTo('pool').check(sql`key_mode IN ('pool', 'generated')`))
    .addColumn('key_pattern', 'text')
    .execute();
  await sql`ALTER TABLE products ADD CONSTRAINT products_generated_has_pattern CHECK (key_mode = 'pool' OR key_pattern IS NOT NULL)`.execute(db);

  // A file stays (its row and its bytes) while a delivered line points at it, even once staff remove it
  // from the product: `removed_at` takes it off the product only.
  await db.schema
    .createTable('product_files')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('product_id', 'uuid', (col) => col.notNull().references('products.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull().check(sql`size >= 0`))
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX product_files_product_idx ON product_files (product_id, created_at) WHERE removed_at IS NULL`.execute(db);

  await db.schema
    .createTable('order_item_files')
    .addColumn('order_item_id', 'uuid', (col) => col.notNull().references('order_items.id').onDelete('cascade'))
    .addColumn('file_id', 'uuid', (col) => col.notNull().references('product_files.id'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('download_limit', 'integer', (col) => col.notNull().check(sql`download_limit >= 1`))
    .addColumn('download_count', 'integer', (col) => col.notNull().defaultTo(0).check(sql`download_count >= 0`))
    .addColumn('bytes_sent', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_item_files_pkey', ['order_item_id', 'file_id'])
    .execute();
  await db.schema.createIndex('order_item_files_file_idx').on('order_item_files').column('file_id').execute();

  await db.schema
    .createTable('delivery_events')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_item_id', 'uuid', (col) => col.notNull().references('order_items.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind IN ('key_reveal', 'download')`))
    .addColumn('file_id', 'uuid', (col) => col.references('product_files.id'))
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('bytes_sent', 'bigint')
    .addColumn('range', 'text')
    .addColumn('keys_shown', 'integer')
    .execute();
  await db.schema.createIndex('delivery_events_order_idx').on('delivery_events').columns(['order_id', 'at']).execute();
}
