import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { clientFor } from './support/api.js';
import { createApp, createLicense, signedUpOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { eventually } from './support/eventually.js';
import { recordedEvents } from './support/reads.js';

/*
 * A key's first `license` is one statement after its lookup (first_activation,
 * issue 38): it still re-checks the key under its lock, and the user, the key,
 * the session, the events and the audit entry commit together or not at all.
 */

const owner = signedUpOwner();
afterAll(closeDb);

/** A connection of the test's own, to hold a lock across the call under test. */
async function lockHolder(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: process.env.LATCHKEY_TEST_DATABASE_URL });
  await client.connect();
  return client;
}

/** Whether some backend waits for a lock inside first_activation. */
async function activationWaits(): Promise<boolean> {
  const { rows } = await db().query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND query LIKE '%first_activation(%' AND pid <> pg_backend_pid()`,
  );
  return rows[0].n > 0;
}

async function userCount(appId: string): Promise<number> {
  const { rows } = await db().query('SELECT count(*)::int AS n FROM users WHERE app_id = $1', [appId]);
  return rows[0].n;
}

describe('first activation', () => {
  it('activates with the terms the key has under its lock, not those the lookup read', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app, { level: 1, maxDevices: 1 });
    const holder = await lockHolder();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM licenses WHERE id = $1 FOR UPDATE', [license.id]);
      const call = clientFor(app).license(license.key, 'HW-TERMS');
      await eventually(activationWaits, { what: 'the activation waiting for the key' });
      await holder.query('UPDATE licenses SET level = 4, max_devices = 3 WHERE id = $1', [license.id]);
      await holder.query('COMMIT');
      const res = await call;
      expect([res.status, res.body.data.user.level]).toEqual([200, 4]);
      const { rows } = await db().query('SELECT level, max_devices FROM users WHERE app_id = $1', [app.appId]);
      expect(rows).toEqual([{ level: 4, max_devices: 3 }]);
    } finally {
      await holder.end();
    }
  });

  it('writes the user, the key, the session, its events and the audit entry together or not at all', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app);
    // The audit entry of this app's first activation fails: nothing of the activation may remain.
    const trigger = `first_activation_fault_${app.appId.replaceAll('-', '')}`;
    await db().query(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected audit failure'; END $$`);
    await db().query(`CREATE TRIGGER ${trigger} BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.app_id = '${app.appId}' AND NEW.type = 'client.license') EXECUTE FUNCTION ${trigger}()`);
    try {
      const failed = await clientFor(app).license(license.key, 'HW-ATOMIC');
      expect(failed.status).toBe(500);
    } finally {
      await db().query(`DROP TRIGGER ${trigger} ON audit_log`);
      await db().query(`DROP FUNCTION ${trigger}()`);
    }
    const { rows: keys } = await db().query('SELECT status, user_id FROM licenses WHERE id = $1', [license.id]);
    expect(keys).toEqual([{ status: 'UNUSED', user_id: null }]);
    expect(await userCount(app.appId)).toBe(0);
    expect(await recordedEvents(app.appId)).toEqual([]);

    const res = await clientFor(app).license(license.key, 'HW-ATOMIC');
    expect(res.status).toBe(200);
    const names = (await recordedEvents(app.appId)).map((event) => event.name).sort();
    expect(names).toEqual(['license.activate', 'session.create', 'user.login']);
    const { rows: audit } = await db().query(
      `SELECT actor, details->>'outcome' AS outcome FROM audit_log WHERE app_id = $1 AND type = 'client.license'`,
      [app.appId],
    );
    expect(audit).toEqual([{ actor: license.key, outcome: 'success' }]);
  });
});
