import type { MemberRole } from '@latchkey/contracts';
import { randomSecret, sha256 } from '../../common/crypto.js';
import { sqlRows, type SqlExecutor } from '../../common/sql.js';
import type { Config } from '../../config/config.js';
import { type AccessTokenKind, INSERT_TOKEN, type PersonalTokenRow } from './accounts.queries.js';
import type { SignInOrigin } from './sign-in-origin.js';

const LOGIN_TOKEN_PREFIX = 'lka_';
const PERSONAL_TOKEN_PREFIX = 'lkp_';
const DAY_MS = 24 * 3600 * 1000;

/** What a new token is: a sign-in's login token, or a named personal token (optionally narrowed to a role). */
export type TokenGrant =
  | { kind: Extract<AccessTokenKind, 'login'>; origin: SignInOrigin }
  | { kind: Extract<AccessTokenKind, 'personal'>; name: string; expiresInDays?: number; maxRole: MemberRole | null };

/** A new token for the account, saved through `manager` (the caller's transaction, if any). */
export async function issueToken(
  config: Config,
  accountId: string,
  grant: TokenGrant,
  manager: SqlExecutor,
): Promise<{ token: string; row: PersonalTokenRow }> {
  const token = randomSecret(grant.kind === 'login' ? LOGIN_TOKEN_PREFIX : PERSONAL_TOKEN_PREFIX);
  const { name, expiresAt, ip, userAgent, maxRole } =
    grant.kind === 'login'
      ? {
          name: null,
          expiresAt: new Date(Date.now() + config.ACCESS_TOKEN_TTL_SECONDS * 1000),
          ip: grant.origin.ip,
          userAgent: grant.origin.userAgent,
          maxRole: null,
        }
      : {
          name: grant.name,
          expiresAt: grant.expiresInDays ? new Date(Date.now() + grant.expiresInDays * DAY_MS) : null,
          ip: null,
          userAgent: null,
          maxRole: grant.maxRole ?? null,
        };
  const [row] = await sqlRows<PersonalTokenRow>(manager, INSERT_TOKEN, [
    accountId,
    grant.kind,
    name,
    sha256(token),
    expiresAt,
    ip,
    userAgent,
    maxRole,
  ]);
  return { token, row: row! };
}
