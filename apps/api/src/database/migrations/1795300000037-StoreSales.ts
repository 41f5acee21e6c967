import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 42: selling keys through stores (docs/decisions/store.md). The store
 * module owns these tables.
 *
 * - `store_connections`: one store account per row; `signing_secret` is the
 *   webhook secret sealed under MASTER_KEY (AES-256-GCM), since checking a
 *   signature needs the secret itself.
 * - `store_products`: what one unit of a store product yields; one mapping per
 *   store id and connection.
 * - `store_orders`: one per store order, unique per connection and store order
 *   id; `connection_id` has no cascade, so a connection with orders cannot be
 *   deleted (an app's deletion still removes both in one statement).
 * - `store_order_refs`: other ids naming an order (payment intent,
 *   subscription, invoice), unique per connection, so a refund names its order.
 * - `store_order_licenses`: the keys an order produced (a key belongs to at most one order).
 * - `store_events`: every event received, refused ones with their reason. The
 *   partial unique index is the exactly-once rule: one applied (or ignored)
 *   event per store event id and connection.
 */
export class StoreSales1795300000037 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE store_connections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        provider text NOT NULL
          CHECK (provider IN ('stripe', 'paddle', 'lemonsqueezy', 'sellix', 'sellapp', 'generic')),
        name text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        signing_secret bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_event_at timestamptz
      )`);
    await q.query(`CREATE INDEX store_connections_app_idx ON store_connections (app_id, created_at, id)`);
    await q.query(`
      CREATE TABLE store_products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        connection_id uuid NOT NULL REFERENCES store_connections(id) ON DELETE CASCADE,
        external_id text NOT NULL,
        name text NOT NULL,
        keys_per_unit integer NOT NULL CHECK (keys_per_unit BETWEEN 1 AND 100),
        level integer NOT NULL,
        duration_type text NOT NULL,
        max_devices integer NOT NULL,
        expected_amount bigint CHECK (expected_amount >= 0),
        currency text,
        renewal_url text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT store_products_external_key UNIQUE (connection_id, external_id)
      )`);
    await q.query(`
      CREATE TABLE store_orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL REFERENCES store_connections(id),
        product_id uuid REFERENCES store_products(id) ON DELETE SET NULL,
        product_name text,
        external_order_id text NOT NULL,
        subscription_id text,
        buyer_email text,
        quantity integer NOT NULL,
        amount bigint,
        currency text,
        status text NOT NULL CHECK (status IN ('paid', 'active', 'ending', 'ended', 'refunded', 'chargeback')),
        status_reason text,
        period_ends_at timestamptz,
        email_status text NOT NULL DEFAULT 'off' CHECK (email_status IN ('off', 'pending', 'sent', 'failed')),
        email_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT store_orders_external_key UNIQUE (connection_id, external_order_id)
      )`);
    await q.query(`CREATE INDEX store_orders_app_created_idx ON store_orders (app_id, created_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX store_orders_app_email_idx ON store_orders (app_id, lower(buyer_email) text_pattern_ops)
        WHERE buyer_email IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX store_orders_app_external_idx ON store_orders (app_id, external_order_id text_pattern_ops)`,
    );
    await q.query(
      `CREATE INDEX store_orders_email_due_idx ON store_orders (created_at) WHERE email_status = 'pending'`,
    );
    await q.query(`
      CREATE TABLE store_order_refs (
        connection_id uuid NOT NULL REFERENCES store_connections(id) ON DELETE CASCADE,
        external_id text NOT NULL,
        order_id uuid NOT NULL REFERENCES store_orders(id) ON DELETE CASCADE,
        PRIMARY KEY (connection_id, external_id)
      )`);
    await q.query(`CREATE INDEX store_order_refs_order_idx ON store_order_refs (order_id)`);
    await q.query(`
      CREATE TABLE store_order_licenses (
        order_id uuid NOT NULL REFERENCES store_orders(id) ON DELETE CASCADE,
        license_id uuid NOT NULL REFERENCES licenses(id) ON DELETE CASCADE,
        position integer NOT NULL,
        PRIMARY KEY (order_id, license_id),
        CONSTRAINT store_order_licenses_license_key UNIQUE (license_id)
      )`);
    await q.query(`
      CREATE TABLE store_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL REFERENCES store_connections(id) ON DELETE CASCADE,
        external_event_id text,
        kind text CHECK (kind IN ('purchase', 'renewal', 'refund', 'chargeback', 'cancellation', 'ignored')),
        outcome text NOT NULL CHECK (outcome IN ('applied', 'duplicate', 'ignored', 'refused')),
        reason text,
        order_id uuid REFERENCES store_orders(id) ON DELETE SET NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX store_events_once_key ON store_events (connection_id, external_event_id)
        WHERE external_event_id IS NOT NULL AND outcome IN ('applied', 'ignored')`,
    );
    await q.query(`CREATE INDEX store_events_app_idx ON store_events (app_id, received_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX store_events_connection_idx ON store_events (connection_id, received_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX store_events_order_idx ON store_events (order_id, received_at) WHERE order_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE store_events`);
    await q.query(`DROP TABLE store_order_licenses`);
    await q.query(`DROP TABLE store_order_refs`);
    await q.query(`DROP TABLE store_orders`);
    await q.query(`DROP TABLE store_products`);
    await q.query(`DROP TABLE store_connections`);
  }
}
