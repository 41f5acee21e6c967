/*
 * Every statement of the events module, which owns `events`
 * (docs/data-access.md). The one write to another module's table: an event's
 * webhook deliveries are inserted in the statement that records it (the
 * module boundaries do not let events depend on webhooks).
 */

/**
 * CTEs `recorded_events (id, app_id, name)`, inserting the events of the
 * jsonb parameter `param` when `guard` (a SQL condition, e.g. `EXISTS
 * (SELECT 1 FROM ok)`) holds, and `recorded_event_deliveries (id)` fanning
 * each out to a delivery row per enabled webhook of its app subscribed to it.
 */
export function recordEventsCte(param: string, guard: string): string {
  return `recorded_events AS (
      INSERT INTO events (app_id, name, data)
      SELECT (e->>'appId')::uuid, e->>'name', e->'data' FROM jsonb_array_elements(${param}::jsonb) e
      WHERE ${guard}
      RETURNING id, app_id, name),
    recorded_event_deliveries AS (
      INSERT INTO webhook_deliveries (event_id, webhook_id)
      SELECT r.id, w.id FROM recorded_events r
      JOIN webhooks w ON w.app_id = r.app_id AND w.enabled AND r.name = ANY (w.events)
      RETURNING id)`;
}

/** Records the events of the jsonb parameter `$1` and their deliveries; answers the ids of both. */
export const RECORD_EVENTS = `WITH ${recordEventsCte('$1', 'true')}
       SELECT ARRAY(SELECT id FROM recorded_events) AS event_ids,
              ARRAY(SELECT id FROM recorded_event_deliveries) AS delivery_ids`;
