import { sql, type Kysely } from 'kysely';

/**
 * Outgoing webhooks (docs/decisions/057-webhooks.md).
 *
 * - `webhook_endpoints`: where staff want events sent; the signing secret is encrypted with the data key.
 * - `webhook_events`: one row per change worth telling, written by triggers in the transaction that makes the
 *   change: an order paid, refunded or disputed, a licence activated or deactivated, a review written, a
 *   subscription's state. A change rolled back tells nothing; a change made twice (a replayed PayPal event)
 *   is one transition, so one event. `payload` is the body, written once at its first delivery so every
 *   attempt and every endpoint gets the same bytes.
 * - `webhook_deliveries`: one per event and endpoint (unique), the outbox the dispatcher claims with SKIP LOCKED.
 *   An event is only written when some enabled endpoint wants its type.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE webhook_endpoints (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    url text NOT NULL,
    description text NOT NULL DEFAULT '',
    events text[] NOT NULL,
    enabled boolean NOT NULL DEFAULT true,
    disabled_reason text,
    secret text NOT NULL,
    secret_prefix text NOT NULL,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE TABLE webhook_events (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    type text NOT NULL,
    subject_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    payload text
  )`.execute(db);
  await sql`CREATE TABLE webhook_deliveries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'pending',
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_status_code integer,
    last_error text,
    last_duration_ms integer,
    created_at timestamptz NOT NULL DEFAULT now(),
    delivered_at timestamptz,
    UNIQUE (event_id, endpoint_id)
  )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_of_endpoint ON webhook_deliveries (endpoint_id, created_at DESC)`.execute(db);

  await sql`CREATE FUNCTION queue_webhook_event(event_type text, subject text) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      new_event uuid;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled AND event_type = ANY (events)) THEN
        RETURN;
      END IF;
      INSERT INTO webhook_events (type, subject_id) VALUES (event_type, subject) RETURNING id INTO new_event;
      INSERT INTO webhook_deliveries (event_id, endpoint_id)
        SELECT new_event, id FROM webhook_endpoints WHERE enabled AND event_type = ANY (events);
    END $$`.execute(db);

  // Paid: the first move into a paid state (paid, confirmed, completed), or an order written paid.
  await sql`CREATE FUNCTION webhook_order_events() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.status IN ('paid', 'confirmed', 'completed') THEN PERFORM queue_webhook_event('order.paid', NEW.id::text); END IF;
        RETURN NULL;
      END IF;
      IF NEW.status IN ('paid', 'confirmed', 'completed') AND OLD.status NOT IN ('paid', 'confirmed', 'completed', 'refunded') THEN
        PERFORM queue_webhook_event('order.paid', NEW.id::text);
      END IF;
      IF NEW.status = 'refunded' AND OLD.status <> 'refunded' THEN PERFORM queue_webhook_event('order.refunded', NEW.id::text); END IF;
      IF NEW.dispute_id IS NOT NULL AND NEW.dispute_id IS DISTINCT FROM OLD.dispute_id THEN
        PERFORM queue_webhook_event('order.disputed', NEW.id::text);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER webhook_order_events AFTER INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION webhook_order_events()`.execute(db);

  await sql`CREATE FUNCTION webhook_license_events() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM queue_webhook_event('license.activated', NEW.license_key_id::text || ' ' || NEW.instance);
      ELSE
        PERFORM queue_webhook_event('license.deactivated', OLD.license_key_id::text || ' ' || OLD.instance);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER webhook_license_events AFTER INSERT OR DELETE ON license_activations FOR EACH ROW EXECUTE FUNCTION webhook_license_events()`.execute(db);

  await sql`CREATE FUNCTION webhook_review_events() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM queue_webhook_event('review.created', NEW.id::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER webhook_review_events AFTER INSERT ON product_reviews FOR EACH ROW EXECUTE FUNCTION webhook_review_events()`.execute(db);

  await sql`CREATE FUNCTION webhook_subscription_events() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('active', 'past_due', 'suspended', 'cancelled', 'expired') THEN
        PERFORM queue_webhook_event('subscription.' || CASE WHEN NEW.status = 'active' THEN 'activated' ELSE NEW.status END, NEW.id::text);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER webhook_subscription_events AFTER UPDATE OF status ON subscriptions FOR EACH ROW EXECUTE FUNCTION webhook_subscription_events()`.execute(db);
}
