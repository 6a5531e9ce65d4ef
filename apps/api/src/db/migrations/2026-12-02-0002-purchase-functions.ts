import { sql, type Kysely } from 'kysely';

/**
 * A purchase's common path in one round trip per step (docs/decisions/045-purchase-round-trips.md). Each
 * function does, under the same locks and in the same lock order, what the API's general path does for a
 * plain order (no discount code to evaluate, no package line, units it already holds, keys from a pool), and
 * answers NULL, having written nothing, for anything else: the API then takes its general path, which
 * decides and words every refusal as before.
 *
 * - `store_place_order`: the buyer's advisory locks (email, address, account: the sorted order of
 *   `lockBuyer`), the unpaid-order caps, the lines priced from the catalogue, the order and its lines.
 * - `store_hold_plain`: a payment start's hold (holds.ts): the buyer's locks, the order's row, the same buyer's
 *   other holds on its products released, its units checked free under the products' row locks and held.
 *   An order that already holds answers 'holding'; one not plain (a code, a package line) or lapsed answers
 *   NULL; units short or held by others raise `SR001`, which undoes the release: the general path words the 409.
 * - `store_claim_capture`: claims a pending order that holds its units for a capture; an order whose hold
 *   ended answers `claimed` NULL (the general path takes its units and code's use again first).
 * - `store_sell_held`: the order's row, its products' rows in id order, the units sold, the keys taken from
 *   the pool (SKIP LOCKED) and the files attached; it answers what the receipt needs. A pool short of keys
 *   raises SQLSTATE `SR001` (keys were taken for earlier lines): the API rolls back and takes its general path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION store_place_order(
      p_id uuid, p_user_id uuid, p_email text, p_email_lower text, p_name text, p_address text, p_city text,
      p_country text, p_ip text, p_origin text, p_expires_at timestamptz, p_products uuid[], p_quantities integer[],
      p_buyer_cap integer, p_address_cap integer, p_free_minutes integer, p_max_cents bigint, p_max_units integer)
    RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      by_buyer bigint;
      by_address bigint;
      subtotal bigint;
      placed orders%ROWTYPE;
    BEGIN
      -- lockBuyer's locks in its sorted order: 'buyer-email:' < 'buyer-ip:' < 'buyer-user:'.
      PERFORM pg_advisory_xact_lock(hashtextextended('buyer-email:' || p_email_lower, 0));
      PERFORM pg_advisory_xact_lock(hashtextextended('buyer-ip:' || p_ip, 0));
      IF p_user_id IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(hashtextextended('buyer-user:' || p_user_id::text, 0));
      END IF;
      SELECT
        count(*) FILTER (WHERE (status = 'pending' OR (payment_method = 'free' AND created_at > now() - make_interval(mins => p_free_minutes)))
          AND (lower(invoice_email) = p_email_lower OR user_id = p_user_id)),
        count(*) FILTER (WHERE (status = 'pending' OR (payment_method = 'free' AND created_at > now() - make_interval(mins => p_free_minutes)))
          AND client_ip = p_ip)
      INTO by_buyer, by_address
      FROM orders
      WHERE created_at > now() - make_interval(hours => 1)
        AND (lower(invoice_email) = p_email_lower OR client_ip = p_ip OR user_id = p_user_id);
      IF by_buyer >= p_buyer_cap OR by_address >= p_address_cap THEN RETURN NULL; END IF;

      IF EXISTS (
        SELECT 1 FROM unnest(p_products, p_quantities) AS l(product_id, quantity)
        LEFT JOIN products p ON p.id = l.product_id AND p.archived_at IS NULL
        WHERE p.id IS NULL OR p.product_type IN ('package', 'subscription') OR p.stock_quantity < l.quantity)
        OR (SELECT sum(q) FROM unnest(p_quantities) AS q) > p_max_units
        OR EXISTS (SELECT 1 FROM products WHERE id = ANY (p_products) AND product_type = 'subscription')
      THEN
        RETURN NULL;
      END IF;
      SELECT sum(p.price_cents::bigint * l.quantity) INTO subtotal
      FROM unnest(p_products, p_quantities) AS l(product_id, quantity) JOIN products p ON p.id = l.product_id;
      -- A free order is paid and delivered at once, and one over the bound is refused: both the general way.
      IF subtotal = 0 OR subtotal > p_max_cents THEN RETURN NULL; END IF;

      INSERT INTO orders (id, user_id, total_cents, discount_code_id, discount_code, discount_cents, payment_method,
          payment_id, paypal_order_id, invoice_email, invoice_name, invoice_address, invoice_city, invoice_country,
          stock_reserved, expires_at, client_ip, origin)
        VALUES (p_id, p_user_id, subtotal, NULL, NULL, 0, 'paypal', NULL, NULL, p_email, p_name, p_address, p_city,
          p_country, false, p_expires_at, p_ip, p_origin)
        RETURNING * INTO placed;
      INSERT INTO order_items (order_id, product_id, position, title, unit_price_cents, quantity, delivery)
        SELECT p_id, l.product_id, l.ord - 1, p.title, p.price_cents, l.quantity, p.delivery
        FROM unnest(p_products, p_quantities) WITH ORDINALITY AS l(product_id, quantity, ord)
        JOIN products p ON p.id = l.product_id;
      RETURN jsonb_build_object(
        'order', to_jsonb(placed),
        'items', (SELECT jsonb_agg(to_jsonb(i) ORDER BY i.position) FROM order_items i WHERE i.order_id = p_id));
    END
  $$`.execute(db);

  await sql`CREATE FUNCTION store_hold_plain(
      p_order_id uuid, p_user_id uuid, p_email_lower text, p_ip text, p_hold_minutes integer, p_pay_minutes integer)
    RETURNS text LANGUAGE plpgsql AS $$
    DECLARE
      o orders%ROWTYPE;
      released uuid[];
      pay_end timestamptz;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('buyer-email:' || p_email_lower, 0));
      IF p_ip IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(hashtextextended('buyer-ip:' || p_ip, 0));
      END IF;
      IF p_user_id IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(hashtextextended('buyer-user:' || p_user_id::text, 0));
      END IF;
      SELECT * INTO o FROM orders WHERE id = p_order_id FOR UPDATE;
      IF NOT FOUND OR o.status <> 'pending' OR (o.expires_at IS NOT NULL AND o.expires_at <= now())
        OR lower(o.invoice_email) <> p_email_lower OR o.user_id IS DISTINCT FROM p_user_id OR o.client_ip IS DISTINCT FROM p_ip
      THEN
        RETURN NULL;
      END IF;
      IF o.stock_reserved THEN RETURN 'holding'; END IF;
      IF o.discount_code_id IS NOT NULL
        OR EXISTS (SELECT 1 FROM order_items i JOIN order_item_members m ON m.order_item_id = i.id WHERE i.order_id = o.id)
      THEN
        RETURN NULL;
      END IF;

      -- releaseOtherHolds: one checkout per buyer and product; claimed orders are left alone.
      SELECT array_agg(id) INTO released FROM (
        SELECT id FROM orders AS other
        WHERE other.status = 'pending' AND other.stock_reserved AND other.capture_claimed_at IS NULL AND other.id <> o.id
          AND (lower(other.invoice_email) = p_email_lower OR other.client_ip = p_ip OR other.user_id = p_user_id)
          AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = other.id
                      AND i.product_id IN (SELECT product_id FROM order_items WHERE order_id = o.id))
        ORDER BY id FOR UPDATE) AS locked;
      IF released IS NOT NULL THEN
        UPDATE orders SET stock_reserved = false, hold_expires_at = NULL, updated_at = now() WHERE id = ANY (released);
      END IF;

      -- checkFree: the products' rows in id order, then the unsold units less other live checkouts' holds.
      PERFORM 1 FROM products
        WHERE id IN (SELECT product_id FROM order_items WHERE order_id = o.id) AND archived_at IS NULL
        ORDER BY id FOR NO KEY UPDATE;
      IF EXISTS (
        WITH wanted AS (
            SELECT product_id, delivery, sum(quantity) AS units FROM order_items WHERE order_id = o.id GROUP BY product_id, delivery),
          held AS (
            SELECT h.product_id, sum(h.units) AS units FROM (
                SELECT i.product_id, i.quantity AS units FROM orders x
                  JOIN order_items i ON i.order_id = x.id
                  JOIN products p ON p.id = i.product_id AND p.delivery = i.delivery
                  WHERE x.status = 'pending' AND x.stock_reserved AND x.id <> o.id
                    AND i.product_id IN (SELECT product_id FROM wanted)
                UNION ALL
                SELECT m.product_id, i.quantity * m.quantity FROM orders x
                  JOIN order_items i ON i.order_id = x.id
                  JOIN order_item_members m ON m.order_item_id = i.id
                  JOIN products p ON p.id = m.product_id AND p.delivery = m.delivery
                  WHERE x.status = 'pending' AND x.stock_reserved AND x.id <> o.id
                    AND m.product_id IN (SELECT product_id FROM wanted)) AS h
            GROUP BY h.product_id)
        SELECT 1 FROM wanted w
          LEFT JOIN products p ON p.id = w.product_id AND p.archived_at IS NULL
          LEFT JOIN held ON held.product_id = w.product_id
          WHERE p.id IS NULL
            OR (p.delivery = w.delivery AND p.stock_quantity - coalesce(held.units, 0) < w.units))
      THEN
        RAISE EXCEPTION 'order % cannot hold its units', o.id USING ERRCODE = 'SR001';
      END IF;

      pay_end := CASE WHEN o.payment_started_at IS NULL THEN now() + make_interval(mins => p_pay_minutes) ELSE o.expires_at END;
      UPDATE orders SET stock_reserved = true,
          hold_expires_at = least(now() + make_interval(mins => p_hold_minutes), pay_end),
          expires_at = pay_end,
          payment_started_at = coalesce(payment_started_at, now()),
          updated_at = now()
        WHERE id = o.id;
      RETURN 'held';
    END
  $$`.execute(db);

  await sql`CREATE FUNCTION store_claim_capture(p_paypal_order_id text, p_hold_minutes integer)
    RETURNS TABLE (claim_order_id uuid, claim_status text, claim_payment_id text, claim_taken boolean)
    LANGUAGE plpgsql AS $$
    DECLARE
      found_id uuid;
      o orders%ROWTYPE;
    BEGIN
      SELECT id INTO found_id FROM orders WHERE paypal_order_id = p_paypal_order_id;
      IF found_id IS NULL THEN RETURN; END IF;
      SELECT * INTO o FROM orders WHERE id = found_id FOR UPDATE;
      IF o.status <> 'pending' THEN
        RETURN QUERY SELECT o.id, o.status, o.payment_id, false;
        RETURN;
      END IF;
      IF NOT o.stock_reserved THEN
        RETURN QUERY SELECT o.id, o.status, o.payment_id, NULL::boolean;
        RETURN;
      END IF;
      UPDATE orders SET capture_claimed_at = now(),
          hold_expires_at = coalesce(hold_expires_at, now() + make_interval(mins => p_hold_minutes))
        WHERE id = o.id;
      RETURN QUERY SELECT o.id, o.status, o.payment_id, true;
    END
  $$`.execute(db);

  await sql`CREATE FUNCTION store_sell_held(p_order_id uuid, p_currency text, p_value text)
    RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      o orders%ROWTYPE;
      line record;
      taken integer;
      batch jsonb;
      sold jsonb := '[]'::jsonb;
    BEGIN
      SELECT * INTO o FROM orders WHERE id = p_order_id FOR UPDATE;
      IF NOT FOUND OR o.status <> 'pending' OR NOT o.stock_reserved OR o.payment_id IS NOT NULL
        OR p_currency <> 'USD'
        OR p_value <> (o.total_cents / 100)::text || '.' || lpad((o.total_cents % 100)::text, 2, '0')
        OR (o.discount_code_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM discount_redemptions WHERE order_id = o.id))
        OR EXISTS (SELECT 1 FROM order_items i JOIN order_item_members m ON m.order_item_id = i.id WHERE i.order_id = o.id)
      THEN
        RETURN NULL;
      END IF;
      -- The products' rows in id order, as lockProducts takes them; then nothing is written unless every line is served.
      PERFORM 1 FROM products
        WHERE id IN (SELECT product_id FROM order_items WHERE order_id = o.id) AND archived_at IS NULL
        ORDER BY id FOR NO KEY UPDATE;
      IF EXISTS (
        SELECT 1 FROM order_items i LEFT JOIN products p ON p.id = i.product_id AND p.archived_at IS NULL
        WHERE i.order_id = o.id AND p.id IS NULL)
        OR EXISTS (
          SELECT 1 FROM order_items i JOIN products p ON p.id = i.product_id AND p.delivery = i.delivery
          WHERE i.order_id = o.id GROUP BY p.id, p.stock_quantity HAVING p.stock_quantity < sum(i.quantity))
      THEN
        RETURN NULL;
      END IF;

      FOR line IN SELECT id, product_id, quantity FROM order_items WHERE order_id = o.id AND delivery = 'license_key' ORDER BY position LOOP
        WITH sold_now AS (
          UPDATE license_keys AS k SET order_item_id = line.id, sold_at = now()
          FROM (SELECT id FROM license_keys
                WHERE product_id = line.product_id AND order_item_id IS NULL AND subscription_id IS NULL
                  AND EXISTS (SELECT 1 FROM products WHERE id = line.product_id AND key_mode = 'pool')
                ORDER BY created_at LIMIT line.quantity FOR UPDATE SKIP LOCKED) AS picked
          WHERE k.id = picked.id
          RETURNING k.id, k.order_item_id, k.product_id, k.key_value, k.created_at)
        SELECT count(*), coalesce(jsonb_agg(to_jsonb(sold_now)), '[]'::jsonb) INTO taken, batch FROM sold_now;
        IF taken < line.quantity THEN
          RAISE EXCEPTION 'the key pool cannot serve order %', o.id USING ERRCODE = 'SR001';
        END IF;
        sold := sold || batch;
      END LOOP;

      UPDATE products AS p SET stock_quantity = p.stock_quantity - d.quantity
        FROM (SELECT i.product_id, sum(i.quantity)::integer AS quantity
              FROM order_items i JOIN products q ON q.id = i.product_id AND q.delivery = i.delivery
              WHERE i.order_id = o.id GROUP BY i.product_id) AS d
        WHERE p.id = d.product_id;

      -- attachFiles (delivery/downloads.ts), as one statement.
      WITH lines AS MATERIALIZED (
          SELECT i.id AS item_id, coalesce(m.product_id, i.product_id) AS product_id, coalesce(m.position, 0) AS member_position
          FROM order_items i LEFT JOIN order_item_members m ON m.order_item_id = i.id
          WHERE i.order_id = o.id),
        files AS MATERIALIZED (
          SELECT f.id, f.product_id, f.created_at FROM product_files f
          WHERE f.product_id IN (SELECT product_id FROM lines) AND f.removed_at IS NULL FOR SHARE OF f)
      INSERT INTO order_item_files (order_item_id, file_id, position, download_limit)
        SELECT l.item_id, f.id, row_number() OVER (PARTITION BY l.item_id ORDER BY l.member_position, f.created_at, f.id), p.download_limit
        FROM lines l
        JOIN products p ON p.id = l.product_id
        JOIN files f ON f.product_id = l.product_id
        ON CONFLICT DO NOTHING;

      RETURN jsonb_build_object(
        'order', to_jsonb(o),
        'items', (SELECT jsonb_agg(to_jsonb(i) ORDER BY i.position) FROM order_items i WHERE i.order_id = o.id),
        'keys', sold);
    END
  $$`.execute(db);
}
