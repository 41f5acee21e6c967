import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38: the stats call counted every row of the open days (today, and
 * yesterday in its first hour) on each call, so it cost what a day's
 * activity numbers (100,000 activations on a launch day: 56-74 ms a call).
 * `app_activity_hours` holds an app's activations and logins per settled
 * UTC hour (ended over an hour ago) of a day not yet stored in
 * `app_activity_days`; a call reads those and counts only the rows after
 * them (one to two hours' worth). Written once per hour and app, zeros
 * included, so an open day's stored hours run unbroken from its midnight;
 * the primary key serves both reads; deleting an app deletes its hours.
 */
export class AppActivityHours1795300000030 implements MigrationInterface {
  name = 'AppActivityHours1795300000030';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_activity_hours (
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        hour timestamptz NOT NULL,
        activations int NOT NULL,
        logins int NOT NULL,
        PRIMARY KEY (app_id, hour)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE app_activity_hours`);
  }
}
