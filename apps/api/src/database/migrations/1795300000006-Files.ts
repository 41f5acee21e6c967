import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Files: metadata, encrypted content and single-use download links.
 *
 * A file points at one `file_contents` row: one version of its bytes, with its
 * own AES-256-GCM data key wrapped under MASTER_KEY. Replacing the content
 * makes a new row and repoints the file, so links bound to the old content id
 * stop working. A content row is written before its first chunk, so anything a
 * store holds has a row unless it is being removed (the sweep relies on that).
 */
export class Files1795300000006 implements MigrationInterface {
  name = 'Files1795300000006';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE file_contents (
        id uuid PRIMARY KEY,
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        wrapped_key bytea NOT NULL,
        size bigint,
        sha256 bytea,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX file_contents_created_idx ON file_contents (created_at)`);

    // The PostgreSQL store: ciphertext records of at most 1 MiB each.
    await q.query(`
      CREATE TABLE file_chunks (
        content_id uuid NOT NULL REFERENCES file_contents(id) ON DELETE CASCADE,
        index integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (content_id, index)
      )`);
    // Ciphertext does not compress: store it out of line without trying.
    await q.query(`ALTER TABLE file_chunks ALTER COLUMN data SET STORAGE EXTERNAL`);

    await q.query(`
      CREATE TABLE files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        name text NOT NULL,
        min_level integer NOT NULL DEFAULT 0,
        content_id uuid NOT NULL UNIQUE REFERENCES file_contents(id),
        downloads integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX files_app_idx ON files (app_id, created_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE file_links (
        token_hash bytea PRIMARY KEY,
        file_id uuid NOT NULL REFERENCES files(id) ON DELETE CASCADE,
        content_id uuid NOT NULL,
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        e2e_key_sealed bytea,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX file_links_expires_idx ON file_links (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE file_links`);
    await q.query(`DROP TABLE files`);
    await q.query(`DROP TABLE file_chunks`);
    await q.query(`DROP TABLE file_contents`);
  }
}
