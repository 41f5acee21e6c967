import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bulk operations as background jobs (issue 25). A job's row is its state:
 * `cursor` is the last record (key or user id, or import line) whose change
 * committed with the progress, so a worker that dies resumes after it.
 * `job_import_rows` holds an uploaded CSV until the import has gone through
 * it. `licenses.extra_days` is time added to an unused key, counted at its
 * first use; the (app_id, id) and (app_id, status, id) indexes serve the
 * jobs' keyset batches, and users (license_id) the foreign key a key's
 * deletion checks.
 */
export class BulkJobs1795300000017 implements MigrationInterface {
  name = 'BulkJobs1795300000017';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE jobs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        type text NOT NULL,
        status text NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
        filter jsonb NOT NULL DEFAULT '{}',
        params jsonb NOT NULL DEFAULT '{}',
        cursor text,
        done integer NOT NULL DEFAULT 0,
        total integer,
        skipped integer NOT NULL DEFAULT 0,
        error_count integer NOT NULL DEFAULT 0,
        errors jsonb NOT NULL DEFAULT '[]',
        failure text,
        cancel_requested boolean NOT NULL DEFAULT false,
        created_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
        created_by_email text NOT NULL,
        created_ip text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX jobs_app_created_idx ON jobs (app_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX jobs_unfinished_idx ON jobs (created_at) WHERE status IN ('queued', 'running')`);
    await q.query(`
      CREATE TABLE job_import_rows (
        job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        line integer NOT NULL,
        key text,
        level text,
        duration text,
        note text,
        PRIMARY KEY (job_id, line)
      )`);
    await q.query(`ALTER TABLE licenses ADD COLUMN extra_days integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX licenses_app_id_idx ON licenses (app_id, id)`);
    await q.query(`CREATE INDEX licenses_app_status_id_idx ON licenses (app_id, status, id)`);
    await q.query(`CREATE INDEX users_app_id_idx ON users (app_id, id)`);
    // Deleting a key sets its user's license_id to null: without this index every deleted key scanned users.
    await q.query(`CREATE INDEX users_license_idx ON users (license_id) WHERE license_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_license_idx`);
    await q.query(`DROP INDEX users_app_id_idx`);
    await q.query(`DROP INDEX licenses_app_status_id_idx`);
    await q.query(`DROP INDEX licenses_app_id_idx`);
    await q.query(`ALTER TABLE licenses DROP COLUMN extra_days`);
    await q.query(`DROP TABLE job_import_rows`);
    await q.query(`DROP TABLE jobs`);
  }
}
