import type { AppRole, MemberRole } from '@latchkey/contracts';
import type { ListStatement } from '../../common/sql.js';

/*
 * Every statement of the members module, which owns `app_members` and
 * `app_invitations` (docs/data-access.md), and the rows they read.
 * AppOwnershipGuard reads `app_members` through the apps module's
 * REACHABLE_APP (members depend on apps, not the reverse).
 */

export interface MemberRow {
  account_id: string;
  email: string;
  role: AppRole;
  created_at: Date;
  owner: boolean;
}

/**
 * The app `$1`'s owner, then its members, oldest first: both read off a
 * primary key (apps, and app_members' (app_id, account_id)).
 */
export const LIST_MEMBERS: ListStatement = {
  select: 'account_id, email, role, created_at, owner',
  from: `(SELECT o.id AS account_id, o.email, 'owner' AS role, a.created_at, true AS owner
            FROM apps a JOIN accounts o ON o.id = a.owner_id WHERE a.id = $1
          UNION ALL
          SELECT m.account_id, acc.email, m.role, m.created_at, false AS owner
            FROM app_members m JOIN accounts acc ON acc.id = m.account_id WHERE m.app_id = $1) members`,
  orderBy: 'owner DESC, created_at, account_id',
};

/** The member `$2` of the app `$1`, locked until the transaction ends, with its email. */
export const LOCK_MEMBER = `SELECT m.account_id, acc.email, m.role, m.created_at, false AS owner
  FROM app_members m JOIN accounts acc ON acc.id = m.account_id
  WHERE m.app_id = $1 AND m.account_id = $2
  FOR UPDATE OF m`;

export const SET_MEMBER_ROLE = `UPDATE app_members SET role = $3 WHERE app_id = $1 AND account_id = $2`;

export const DELETE_MEMBER = `DELETE FROM app_members WHERE app_id = $1 AND account_id = $2`;

/** A new member `$2` of the app `$1` with the role `$3`, added through the invitation of `$4`'s creator. */
export const INSERT_MEMBER = `INSERT INTO app_members (app_id, account_id, role, added_by) VALUES ($1, $2, $3, $4)`;

export interface InvitationRow {
  id: string;
  role: MemberRole;
  label: string | null;
  created_at: Date;
  expires_at: Date;
  inviter_email: string;
}

const INVITATION_COLUMNS = `i.id, i.role, i.label, i.created_at, i.expires_at, coalesce(c.email, '') AS inviter_email`;

/** A new invitation of the app `$1` to the role `$2`, by `$3`, of token hash `$4`, expiring in `$5` hours, labelled `$6`. */
export const INSERT_INVITATION = `WITH i AS (
    INSERT INTO app_invitations (app_id, role, created_by, token_hash, expires_at, label)
    VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5), $6)
    RETURNING id, role, label, created_by, created_at, expires_at)
  SELECT ${INVITATION_COLUMNS} FROM i LEFT JOIN accounts c ON c.id = i.created_by`;

/** The app `$1`'s pending invitations (unused, unrevoked, unexpired), newest first, off the partial index. */
export const LIST_PENDING_INVITATIONS: ListStatement = {
  select: INVITATION_COLUMNS,
  from: `app_invitations i LEFT JOIN accounts c ON c.id = i.created_by
    WHERE i.app_id = $1 AND i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()`,
  orderBy: 'i.created_at DESC, i.id DESC',
};

/** Revokes the unused invitation `$2` of the app `$1`. */
export const REVOKE_INVITATION = `UPDATE app_invitations SET revoked_at = now()
  WHERE id = $2 AND app_id = $1 AND used_at IS NULL AND revoked_at IS NULL
  RETURNING id, role`;

/**
 * Whether the creator of the invitation `i` may still grant it: the app's
 * owner, or a member holding both the `members` capability (`capabilityRole`)
 * and a role at least the invitation's, in an enabled account. `ranks` is
 * APP_ROLES, strongest first. An invitation is worth no more than its
 * creator's rights when it is accepted.
 */
const creatorStillGrants = (ranks: string, capabilityRole: string) => `EXISTS (
    SELECT 1 FROM accounts c WHERE c.id = i.created_by AND c.disabled_at IS NULL AND (
      EXISTS (SELECT 1 FROM apps a WHERE a.id = i.app_id AND a.owner_id = c.id)
      OR EXISTS (SELECT 1 FROM app_members m WHERE m.app_id = i.app_id AND m.account_id = c.id
        AND array_position(${ranks}::text[], m.role)
          <= least(array_position(${ranks}::text[], i.role), array_position(${ranks}::text[], ${capabilityRole}::text)))))`;

/**
 * Revokes the pending invitations of the app `$1` created by `$2` that their
 * creator may no longer grant (`$3`: APP_ROLES, `$4`: the members capability's
 * role): run after the creator is demoted or removed, in the same transaction.
 */
export const REVOKE_INVITATIONS_BEYOND_CREATOR = `UPDATE app_invitations i SET revoked_at = now()
  WHERE i.app_id = $1 AND i.created_by = $2 AND i.used_at IS NULL AND i.revoked_at IS NULL
    AND NOT ${creatorStillGrants('$3', '$4')}
  RETURNING i.id`;

/** Revokes every pending invitation the account `$1` created, on any app (a password change). */
export const REVOKE_INVITATIONS_OF_CREATOR = `UPDATE app_invitations SET revoked_at = now()
  WHERE created_by = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()`;

/** An invitation found by its token's hash, whatever its state, for the preview and for explaining a refusal. */
export interface InvitationByTokenRow {
  id: string;
  app_id: string;
  app_name: string;
  owner_id: string;
  role: MemberRole;
  expires_at: Date;
  inviter_email: string;
  /** still usable: unused, unrevoked, unexpired */
  usable: boolean;
}

export const INVITATION_BY_TOKEN = `SELECT i.id, i.app_id, a.name AS app_name, a.owner_id, i.role, i.expires_at,
    coalesce(c.email, '') AS inviter_email,
    (i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now() AND ${creatorStillGrants('$2', '$3')}) AS usable
  FROM app_invitations i JOIN apps a ON a.id = i.app_id LEFT JOIN accounts c ON c.id = i.created_by
  WHERE i.token_hash = $1`;

/**
 * Uses the invitation of token hash `$1` for the account `$2`: one statement,
 * so of two accepts of one invitation exactly one claims it. Refuses (no row)
 * an unknown, used, revoked or expired invitation, one its creator may no
 * longer grant (`$3`, `$4`: see creatorStillGrants), and one accepted by the
 * app's owner or a member, which stays usable.
 */
export const CLAIM_INVITATION = `UPDATE app_invitations i SET used_at = now(), used_by = $2
  WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
    AND ${creatorStillGrants('$3', '$4')}
    AND NOT EXISTS (SELECT 1 FROM apps a WHERE a.id = i.app_id AND a.owner_id = $2)
    AND NOT EXISTS (SELECT 1 FROM app_members m WHERE m.app_id = i.app_id AND m.account_id = $2)
  RETURNING i.id, i.app_id, i.role, i.created_by`;

export interface ClaimedInvitationRow {
  id: string;
  app_id: string;
  role: MemberRole;
  created_by: string | null;
}

/** Whether the account `$2` is the owner or a member of the app `$1`. */
export const IS_IN_APP = `SELECT EXISTS (SELECT 1 FROM apps WHERE id = $1 AND owner_id = $2)
  OR EXISTS (SELECT 1 FROM app_members WHERE app_id = $1 AND account_id = $2) AS in_app`;
