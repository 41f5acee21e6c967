// bench:data --launch-day N: a launch day so far, on top of the seeded app.
// N unused keys are activated and N user.login events written between UTC
// midnight and now, evenly, as a day of first activations would leave them
// (the stats read counts the open day's activity: issue 38).

/** Activates `count` of the app's unused keys and logs as many logins, today; analyzes both tables after. */
export async function seedLaunchDay(client, appId, count) {
  const today = `date_trunc('day', now(), 'UTC') + (now() - date_trunc('day', now(), 'UTC')) * i / $2::int::float8`;
  await client.query(
    `UPDATE licenses l SET status = 'USED', activated_at = ${today}, expires_at = ${today} + interval '30 days'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM licenses
              WHERE app_id = $1 AND status = 'UNUSED' ORDER BY id LIMIT $2::int) k
      WHERE l.id = k.id`,
    [appId, count],
  );
  await client.query(
    `INSERT INTO events (app_id, name, data, created_at)
     SELECT $1, 'user.login', jsonb_build_object('launch', i), ${today} FROM generate_series(1, $2::int) i`,
    [appId, count],
  );
  await client.query('ANALYZE licenses');
  await client.query('ANALYZE events');
}
