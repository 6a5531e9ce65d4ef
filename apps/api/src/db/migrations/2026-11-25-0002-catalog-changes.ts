import { sql, type Kysely } from 'kysely';

/**
 * Catalogue changes announced on the `catalog_changed` channel (docs/decisions/021-catalogue-cache.md), so
 * every API instance drops the catalogue answers it keeps in memory. The payload is `stock:<product id>`
 * when only a product's stock moved (a sale, a key added, an order lapsing: only the answers that show
 * that product go), and `product` for anything else (a new, edited or archived product: every answer
 * goes). Notifications are sent at commit, once per distinct payload in a transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_LEVEL = 'ROW'
        AND (to_jsonb(OLD) - 'stock_quantity' - 'updated_at') = (to_jsonb(NEW) - 'stock_quantity' - 'updated_at') THEN
        PERFORM pg_notify('catalog_changed', 'stock:' || NEW.id::text);
      ELSE
        PERFORM pg_notify('catalog_changed', 'product');
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER products_row_changed AFTER UPDATE ON products
    FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION notify_catalog_changed()`.execute(db);
  await sql`
    CREATE TRIGGER products_set_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed()`.execute(db);
}
