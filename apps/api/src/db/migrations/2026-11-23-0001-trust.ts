import { sql, type Kysely } from 'kysely';

/**
 * Payments that always end in goods or money back (capture claims, refunds, reconciliation, test orders),
 * per-buyer holds, server-side sessions and login throttling (docs/decisions/015-trust.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_status_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending', 'paid', 'confirmed', 'completed', 'rejected', 'failed', 'refunded'))`.execute(db);
  await db.schema
    .alterTable('orders')
    // Set while a capture is under way: the expiry sweep and the admin's reject leave the order alone.
    .addColumn('capture_claimed_at', 'timestamptz')
    // When the buyer was first sent to pay: the hold lengthens from then on.
    .addColumn('payment_started_at', 'timestamptz')
    // Paid through the local payment sandbox: no real money, left out of revenue.
    .addColumn('is_test', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('refund_id', 'text')
    .addColumn('refunded_at', 'timestamptz')
    // When PayPal's side of the order is known to be final (captured and settled, refunded, or never captured).
    .addColumn('payment_settled_at', 'timestamptz')
    // When the reconciliation job last asked PayPal about the order.
    .addColumn('paypal_checked_at', 'timestamptz')
    .addColumn('client_ip', 'text')
    // The shop's address the buyer ordered from: return links and mail lead back there.
    .addColumn('origin', 'text')
    .execute();
  await sql`UPDATE orders SET payment_settled_at = coalesce(delivered_at, updated_at) WHERE status IN ('paid', 'confirmed', 'completed')`.execute(db);
  await sql`CREATE INDEX orders_paypal_unsettled_idx ON orders (paypal_checked_at NULLS FIRST) WHERE paypal_order_id IS NOT NULL AND payment_settled_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX orders_buyer_email_idx ON orders (lower(invoice_email), created_at DESC)`.execute(db);
  await sql`CREATE INDEX orders_client_ip_idx ON orders (client_ip, created_at DESC) WHERE client_ip IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX orders_refund_id_key ON orders (refund_id) WHERE refund_id IS NOT NULL`.execute(db);
  // An order's mail is sent right after its commit: found by order, not by a scan of the queue.
  await sql`CREATE INDEX mail_outbox_pending_order_idx ON mail_outbox (order_id) WHERE status = 'pending'`.execute(db);

  // A session per sign-in: logout deletes it, a password change deletes the others, deactivation all.
  await db.schema.alterTable('users').dropColumn('token_version').execute();
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  // Failed sign-ins per account (or per unknown login name), whatever the source address.
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_throttle_last_attempt_idx').on('login_throttle').column('last_attempt_at').execute();
  // Addresses an account signed in from: a lockout of the account does not shut them out.
  await db.schema
    .createTable('login_known_addresses')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('last_success_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('login_known_addresses_pkey', ['user_id', 'address'])
    .execute();
}
