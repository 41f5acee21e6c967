import { db } from './db.js';

/**
 * Moves the sign-in of the login token `token` a day back, well past
 * RECENT_SIGN_IN_SECONDS: a token stolen from an older session.
 */
export async function ageSignIn(token: string): Promise<void> {
  const { rowCount } = await db().query(
    `UPDATE access_tokens SET created_at = now() - interval '1 day' WHERE token_hash = sha256($1::bytea)`,
    [Buffer.from(token)],
  );
  if (rowCount !== 1) throw new Error('no token to age');
}
