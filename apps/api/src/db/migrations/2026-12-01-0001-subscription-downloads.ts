import { sql, type Kysely } from 'kysely';

/**
 * Downloads for subscriptions (docs/decisions/041-subscription-downloads.md).
 * - `subscription_files`: a subscription's allowance of one of its product's files, made when the files are
 *   first listed or downloaded, with the same cap and count as `order_item_files` (decision 035), and the
 *   paid period its counters belong to (`period_end`): a later period gives the limit again.
 * - `delivery_events` logs a subscription's downloads too: each row belongs to an order line or to a
 *   subscription, never both, never neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE subscription_files (
    subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
    file_id uuid NOT NULL REFERENCES product_files (id),
    download_limit integer NOT NULL CHECK (download_limit >= 1),
    period_end timestamptz NOT NULL,
    bytes_sent bigint NOT NULL DEFAULT 0 CHECK (bytes_sent >= 0),
    bytes_reserved bigint NOT NULL DEFAULT 0 CHECK (bytes_reserved >= 0),
    copies_done integer NOT NULL DEFAULT 0 CHECK (copies_done >= 0),
    whole_in_flight integer NOT NULL DEFAULT 0 CHECK (whole_in_flight >= 0),
    copy_coverage int8multirange NOT NULL DEFAULT '{}'::int8multirange,
    PRIMARY KEY (subscription_id, file_id))`.execute(db);
  await sql`CREATE INDEX subscription_files_file_idx ON subscription_files (file_id)`.execute(db);

  await sql`ALTER TABLE delivery_events
    ALTER COLUMN order_id DROP NOT NULL,
    ALTER COLUMN order_item_id DROP NOT NULL,
    ADD COLUMN subscription_id uuid REFERENCES subscriptions (id) ON DELETE CASCADE,
    ADD CONSTRAINT delivery_events_one_owner CHECK (
      (order_item_id IS NOT NULL AND order_id IS NOT NULL AND subscription_id IS NULL)
      OR (subscription_id IS NOT NULL AND order_item_id IS NULL AND order_id IS NULL))`.execute(db);
  await sql`CREATE INDEX delivery_events_subscription_idx ON delivery_events (subscription_id, at) WHERE subscription_id IS NOT NULL`.execute(db);
}
