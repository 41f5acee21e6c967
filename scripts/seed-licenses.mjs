// Seeds an app with many licenses at once for the export's test and bench:
// set-based SQL (INSERT … SELECT over generate_series), far faster than the
// API's 100 keys a call, then ANALYZE, as a production database would have.

/** Rows inserted per statement: each statement's work stays a few seconds. */
const ROWS_PER_STATEMENT = 100_000;

/**
 * Adds `count` licenses to `appId`, made by `createdBy`: a tenth USED (with a
 * user-less activation and expiry), a tenth BANNED (with a reason), a tenth
 * EXPIRED, the rest UNUSED; notes that need quoting ("a, \"b\""), the formula
 * guard ("=…") or none. Keys made by the API share their batch's created_at,
 * so do these: 100 rows per instant, in increasing instants.
 */
export async function seedLicenses(pool, { appId, createdBy, count }) {
  for (let start = 0; start < count; start += ROWS_PER_STATEMENT) {
    const end = Math.min(count, start + ROWS_PER_STATEMENT) - 1;
    await pool.query(
      `INSERT INTO licenses (app_id, key, status, duration_type, level, max_devices, prefix, note, created_at,
         activated_at, expires_at, created_by, ban_reason)
       SELECT $1, 'SEED-' || upper(lpad(to_hex(n), 5, '0')) || '-XXXXX-XXXXX',
         (ARRAY['USED', 'BANNED', 'EXPIRED', 'UNUSED', 'UNUSED', 'UNUSED', 'UNUSED', 'UNUSED', 'UNUSED', 'UNUSED'])[n % 10 + 1],
         (ARRAY['1d', '30d', 'lifetime'])[n % 3 + 1], n % 5, 1 + n % 3, 'SEED',
         CASE n % 4 WHEN 0 THEN NULL WHEN 1 THEN 'batch ' || n / 100 WHEN 2 THEN 'a, "quoted" note' ELSE '=HYPERLINK(1)' END,
         timestamptz '2026-01-01' + (n / 100) * interval '1 second',
         CASE WHEN n % 10 IN (0, 2) THEN timestamptz '2026-06-01' + n * interval '1 millisecond' END,
         CASE WHEN n % 10 IN (0, 2) THEN timestamptz '2026-07-01' + n * interval '1 millisecond' END,
         $2, CASE WHEN n % 10 = 1 THEN 'shared key' END
       FROM generate_series($3::int, $4::int) AS n`,
      [appId, createdBy, start, end],
    );
  }
  await pool.query('ANALYZE licenses');
}
