// Teams (issue 28): the roles an account holds on an app, what each may do,
// and the shapes of the member and invitation routes. The API enforces
// CAPABILITIES per route; the dashboard trims its pages with the same map.

/** App roles, strongest first: the app's owner account is `owner`, its members hold one of the others. */
export const APP_ROLES = ['owner', 'admin', 'manager', 'support', 'viewer'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** The roles a member may hold, an invitation may grant and a personal access token may be narrowed to. */
export const MEMBER_ROLES = ['admin', 'manager', 'support', 'viewer'] as const satisfies readonly AppRole[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Whether `role` ranks at or above `min` (owner > admin > manager > support > viewer). */
export function roleAtLeast(role: AppRole, min: AppRole): boolean {
  return APP_ROLES.indexOf(role) <= APP_ROLES.indexOf(min);
}

/** The weaker of two roles: what a personal access token narrowed to `cap` acts with. */
export function weakerRole(role: AppRole, cap: AppRole): AppRole {
  return roleAtLeast(role, cap) ? cap : role;
}

/**
 * What each role may do on an app: capability -> the weakest role allowed.
 * Every app-scoped admin route declares one of these
 * (docs/decisions/security-and-accounts.md, "Teams and roles"); a route declaring none is the owner's alone.
 */
export const CAPABILITIES = {
  /** `GET /apps/{appId}`: the app's overview */
  'app.read': 'viewer',
  'stats.read': 'viewer',
  'logs.read': 'viewer',
  'licenses.read': 'viewer',
  /** ban and unban a key */
  'licenses.act': 'support',
  /** generate, edit, delete keys */
  'licenses.write': 'manager',
  /** every key at once as CSV */
  'licenses.export': 'manager',
  'users.read': 'viewer',
  /** reset HWID, extend, ban and unban, end a user's sessions */
  'users.act': 'support',
  /** create and delete users */
  'users.write': 'manager',
  'sessions.read': 'viewer',
  'sessions.end': 'support',
  'blacklist.read': 'viewer',
  'blacklist.write': 'manager',
  'variables.read': 'viewer',
  'variables.write': 'manager',
  'userVariables.read': 'viewer',
  'userVariables.write': 'manager',
  'files.read': 'viewer',
  'files.write': 'manager',
  /** resellers and their ledgers */
  'resellers.read': 'viewer',
  /** create, edit, delete resellers; grant credits */
  'resellers.write': 'manager',
  /** bulk jobs on keys and users, and CSV key imports */
  'jobs.read': 'viewer',
  'jobs.write': 'manager',
  /** webhooks: read and change */
  webhooks: 'admin',
  /** store connections, product mappings, orders and received events */
  store: 'admin',
  /** KeyAuth compatibility settings, its secret, and KeyAuth imports */
  keyauth: 'admin',
  /** `PATCH /apps/{appId}` */
  settings: 'admin',
  /** rotate the app's API key */
  apiKey: 'admin',
  /** list, change and remove members; create, list and revoke invitations */
  members: 'admin',
  'app.delete': 'owner',
} as const satisfies Record<string, AppRole>;
export type Capability = keyof typeof CAPABILITIES;

/** Whether `role` may do `capability` (what the API checks and the dashboard shows). */
export function can(role: AppRole, capability: Capability): boolean {
  return roleAtLeast(role, CAPABILITIES[capability]);
}

/** `GET /v1/admin/apps/{appId}/members`: the owner first, then members, oldest first. */
export interface AppMember {
  accountId: string;
  email: string;
  role: AppRole;
  /** when the account joined (the app's creation for its owner) */
  createdAt: string;
  /** the app's owner: cannot be changed or removed */
  owner: boolean;
}

// UpdateMemberRequest, CreateInvitationRequest and AcceptInvitationRequest are request shapes: shapes/members.ts.

export const InvitationLimits = {
  expiresInHoursMin: 1,
  expiresInHoursMax: 168,
  expiresInHoursDefault: 72,
  /** an invitation token is `lki_` + 43 characters; longer input is refused before any lookup */
  tokenMax: 64,
  /** characters of the label that tells pending invitations apart ("For Sam, support") */
  labelMax: 64,
} as const;

/** A pending invitation (`GET .../invitations`): never its token. */
export interface AppInvitation {
  id: string;
  role: MemberRole;
  /** who it is for, in the inviter's words; null when none was given */
  label: string | null;
  createdAt: string;
  expiresAt: string;
  /** who created it */
  inviterEmail: string;
}

/** The created invitation: `token` and `url` are shown only here (stored hashed). */
export interface CreatedInvitation {
  id: string;
  role: MemberRole;
  label: string | null;
  /** `lki_` + 43 base64url characters */
  token: string;
  /** the dashboard's page that accepts it: `/invite/<token>` */
  url: string;
  expiresAt: string;
}

/** `GET /v1/admin/invitations/{token}` (public): what accepting would grant. */
export interface InvitationPreview {
  appName: string;
  role: MemberRole;
  expiresAt: string;
  inviterEmail: string;
}

export interface AcceptedInvitation {
  appId: string;
  role: MemberRole;
}

/** The audit types of member changes (`GET .../logs?type=member` lists them all). */
export const MEMBER_AUDIT_TYPES = [
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'invitation.revoked',
] as const;
