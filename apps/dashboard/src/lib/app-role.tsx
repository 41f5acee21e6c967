// The one place the console decides what the signed-in account may do in an
// app: its role there (the app layout reads it from GET /v1/admin/apps/{appId}
// and provides it to the app's pages) checked with the contract's `can`
// (CAPABILITIES and roleAtLeast), the rules the API enforces. Pages and
// features ask `useAppRole().can('licenses.write')`; they never compare roles.
import { can, MEMBER_ROLES, roleAtLeast, type AppRole, type Capability, type MemberRole } from '@latchkey/contracts';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

export interface AppAccess {
  /** undefined while the app loads (and outside an app): nothing is allowed until the role is known */
  role: AppRole | undefined;
  can: (capability: Capability) => boolean;
}

export function accessFor(role: AppRole | undefined): AppAccess {
  return { role, can: (capability) => role !== undefined && can(role, capability) };
}

const AppRoleContext = createContext<AppAccess>(accessFor(undefined));

/** Gives the pages of one app the caller's role on it. */
export function AppRoleProvider({ role, children }: { role: AppRole | undefined; children: ReactNode }) {
  const access = useMemo(() => accessFor(role), [role]);
  return <AppRoleContext value={access}>{children}</AppRoleContext>;
}

/** The caller's role in the app whose pages these are, and what it may do. */
export function useAppRole(): AppAccess {
  return useContext(AppRoleContext);
}

/** The roles a caller of `role` may hand out (invite with, or change a member to): its own and below, never owner. */
export function assignableRoles(role: AppRole | undefined): MemberRole[] {
  if (role === undefined) return [];
  return MEMBER_ROLES.filter((candidate) => roleAtLeast(role, candidate));
}
