import { sql, type Kysely } from 'kysely';

/**
 * Downloads that resume and count copies (docs/decisions/035-downloads-that-resume.md). A line's file keeps:
 * - `bytes_sent` (settled when an answer ends) and `bytes_reserved` (answers still running): together at
 *   most (limit + 1) × the file's size;
 * - `copies_done`, the copies delivered, and `copy_coverage`, the bytes of the copy under way that went out,
 *   whichever answers sent them; a copy is done when its coverage reaches all but 1% of the file;
 * - `whole_in_flight`, answers from the first byte to (nearly) the end still running: each is a copy on its way.
 * The old `download_count` (requests from byte 0) gives way to `copies_done`, which keeps it where the bytes
 * sent back it, so no buyer has fewer downloads left than before.
 * Each download's log row keeps where its bytes start and how many its answer reserved: its settlement gives
 * back what was not sent, once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_item_files')
    .addColumn('bytes_reserved', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`bytes_reserved >= 0`))
    .addColumn('copies_done', 'integer', (col) => col.notNull().defaultTo(0).check(sql`copies_done >= 0`))
    .addColumn('whole_in_flight', 'integer', (col) => col.notNull().defaultTo(0).check(sql`whole_in_flight >= 0`))
    .addColumn('copy_coverage', sql`int8multirange`, (col) => col.notNull().defaultTo(sql`'{}'::int8multirange`))
    .execute();
  await sql`UPDATE order_item_files d SET copies_done = LEAST(d.download_count, d.bytes_sent / f.size)
    FROM product_files f WHERE f.id = d.file_id AND f.size > 0`.execute(db);
  await db.schema.alterTable('order_item_files').dropColumn('download_count').execute();

  await db.schema
    .alterTable('delivery_events')
    .addColumn('bytes_reserved', 'bigint', (col) => col.check(sql`bytes_reserved >= 0`))
    .addColumn('byte_offset', 'bigint', (col) => col.check(sql`byte_offset >= 0`))
    .execute();
  // The hourly sweep looks for reservations whose answer never ended (an instance that stopped).
  await sql`CREATE INDEX delivery_events_unsettled_idx ON delivery_events (at) WHERE kind = 'download' AND bytes_sent IS NULL AND bytes_reserved > 0`.execute(
    db,
  );

  // The bytes a coverage holds: the sum of its ranges' lengths.
  await sql`CREATE FUNCTION copy_bytes(coverage int8multirange) RETURNS bigint LANGUAGE sql IMMUTABLE AS
    $$ SELECT coalesce(sum(upper(r) - lower(r)), 0)::bigint FROM unnest(coverage) AS r $$`.execute(db);
}
