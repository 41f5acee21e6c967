import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in (issue 28):
 * - an account's TOTP secret, sealed under MASTER_KEY (set and not yet enabled:
 *   an enrolment waiting for its first code), and the last time step a code
 *   was accepted for, so no code is accepted twice;
 * - its recovery codes, stored as SHA-256 digests, each usable once;
 * - login challenges: what a password sign-in of an account with a second
 *   factor answers, single-use, short-lived and with a bounded number of
 *   attempts (`webauthn_challenge` is the passkey option's challenge);
 * - the account's sign-in events (sign-ins, failed second steps, enrolments),
 *   which the account reads back.
 */
export class TwoFactorSignIn1795300000025 implements MigrationInterface {
  name = 'TwoFactorSignIn1795300000025';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE accounts
        ADD COLUMN totp_secret_sealed bytea,
        ADD COLUMN totp_enabled_at timestamptz,
        ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE TABLE account_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        code_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz
      )`);
    await q.query(
      `CREATE UNIQUE INDEX account_recovery_codes_code_key ON account_recovery_codes (account_id, code_hash)`,
    );
    await q.query(`
      CREATE TABLE login_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        token_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        used_at timestamptz,
        ip text,
        user_agent text,
        webauthn_challenge text
      )`);
    await q.query(`CREATE UNIQUE INDEX login_challenges_token_hash_key ON login_challenges (token_hash)`);
    await q.query(`CREATE INDEX login_challenges_account_idx ON login_challenges (account_id, expires_at)`);
    await q.query(`
      CREATE TABLE account_sign_ins (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        kind text NOT NULL,
        method text NOT NULL,
        outcome text NOT NULL,
        reason text,
        ip text,
        user_agent text
      )`);
    await q.query(`CREATE INDEX account_sign_ins_account_at_idx ON account_sign_ins (account_id, at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE account_sign_ins`);
    await q.query(`DROP TABLE login_challenges`);
    await q.query(`DROP TABLE account_recovery_codes`);
    await q.query(
      `ALTER TABLE accounts DROP COLUMN totp_secret_sealed, DROP COLUMN totp_enabled_at, DROP COLUMN totp_last_step`,
    );
  }
}
