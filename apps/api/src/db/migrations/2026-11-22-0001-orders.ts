import { sql, type Kysely } from 'kysely';

/** Orders with their lines, licence keys, payment events, the mail outbox, and the PayPal webhook id setting. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('delivery', 'text', (col) => col.notNull().defaultTo('download').check(sql`delivery IN ('download', 'license_key')`))
    .execute();
  await db.schema.alterTable('site_settings').addColumn('paypal_webhook_id', 'text', (col) => col.notNull().defaultTo('')).execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status IN ('pending', 'paid', 'confirmed', 'completed', 'rejected', 'failed')`),
    )
    .addColumn('total_cents', 'integer', (col) => col.notNull().check(sql`total_cents >= 0`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .addColumn('payment_method', 'text', (col) => col.notNull().defaultTo('paypal'))
    .addColumn('payment_id', 'text')
    .addColumn('paypal_order_id', 'text', (col) => col.unique())
    .addColumn('invoice_email', 'text', (col) => col.notNull())
    .addColumn('invoice_name', 'text', (col) => col.notNull())
    .addColumn('invoice_address', 'text')
    .addColumn('invoice_city', 'text')
    .addColumn('invoice_country', 'text')
    // True while the order holds stock: set at creation, cleared when the reservation is released or sold.
    .addColumn('stock_reserved', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at desc']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at desc').execute();
  await sql`CREATE INDEX orders_pending_expiry_idx ON orders (expires_at) WHERE status = 'pending' AND stock_reserved`.execute(db);
  await sql`CREATE UNIQUE INDEX orders_payment_id_key ON orders (payment_id) WHERE payment_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'uuid', (col) => col.notNull().references('products.id'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
    .addColumn('delivery', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').columns(['order_id', 'position']).execute();

  await db.schema
    .createTable('license_keys')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('product_id', 'uuid', (col) => col.notNull().references('products.id'))
    .addColumn('key_value', 'text', (col) => col.notNull())
    .addColumn('order_item_id', 'uuid', (col) => col.references('order_items.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sold_at', 'timestamptz')
    .addUniqueConstraint('license_keys_product_value_key', ['product_id', 'key_value'])
    .execute();
  await sql`CREATE INDEX license_keys_available_idx ON license_keys (product_id, created_at) WHERE order_item_id IS NULL`.execute(db);
  await db.schema.createIndex('license_keys_item_idx').on('license_keys').column('order_item_id').execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('order_id', 'uuid', (col) => col.references('orders.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payment_events_provider_event_key', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('order_id', 'uuid', (col) => col.references('orders.id'))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending').check(sql`status IN ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending'`.execute(db);
}
