import { sql, type Kysely } from 'kysely';

/**
 * Downloads that resume and count copies (docs/decisions/035-downloads-that-resume.md). A line's file keeps the
 * bytes sent (settled when an answer ends) and the bytes reserved by answers still running; the downloads
 * counted are whole copies' worth of both, so the stored counter goes. Each download's log row keeps the
 * bytes its answer reserved: its settlement gives back what was not sent, once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_item_files')
    .addColumn('bytes_reserved', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`bytes_reserved >= 0`))
    .execute();
  await db.schema.alterTable('order_item_files').dropColumn('download_count').execute();
  await db.schema.alterTable('delivery_events').addColumn('bytes_reserved', 'bigint', (col) => col.check(sql`bytes_reserved >= 0`)).execute();
  // The hourly sweep looks for reservations whose answer never ended (an instance that stopped).
  await sql`CREATE INDEX delivery_events_unsettled_idx ON delivery_events (at) WHERE kind = 'download' AND bytes_sent IS NULL AND bytes_reserved > 0`.execute(
    db,
  );
}
