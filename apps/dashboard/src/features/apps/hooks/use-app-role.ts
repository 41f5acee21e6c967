// The one place the console decides what the signed-in account may do in an
// app: its role there (GET /v1/admin/apps/{appId} answers it) checked with the
// contract's `can` (CAPABILITIES and roleAtLeast), the rules the API enforces.
// Pages ask `can('licenses.write')`; they never compare roles themselves.
import { useMemo } from 'react';
import { can, MEMBER_ROLES, roleAtLeast, type AppRole, type Capability, type MemberRole } from '@/lib/contract-shim';
import { useApp } from '../api/get-app';

export interface AppAccess {
  /** undefined while the app loads: nothing is allowed until the role is known */
  role: AppRole | undefined;
  can: (capability: Capability) => boolean;
}

export function accessFor(role: AppRole | undefined): AppAccess {
  return { role, can: (capability) => role !== undefined && can(role, capability) };
}

export function useAppRole(appId: string): AppAccess {
  const role = useApp(appId).data?.role;
  return useMemo(() => accessFor(role), [role]);
}

/** The roles a caller of `role` may hand out (invite with, or change a member to): its own and below, never owner. */
export function assignableRoles(role: AppRole | undefined): MemberRole[] {
  if (role === undefined) return [];
  return MEMBER_ROLES.filter((candidate) => roleAtLeast(role, candidate));
}
