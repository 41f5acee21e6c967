import type { AdminSuccess } from '@latchkey/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appKey } from '@/features/apps/api/get-app';
import { appsListKey } from '@/features/apps/api/get-apps';
import { apiRequest } from '@/lib/api-client';
import type { AppMember, AppRole } from '@/lib/contract-shim';
import { appScope } from '@/lib/query-keys';

function membersPath(appId: string, accountId?: string) {
  const base = `/v1/admin/apps/${encodeURIComponent(appId)}/members`;
  return accountId === undefined ? base : `${base}/${encodeURIComponent(accountId)}`;
}

/** Every query of this feature (members and invitations) starts with this key. */
export function membersKey(appId: string) {
  return [...appScope(appId), 'members'] as const;
}

/** GET /v1/admin/apps/{appId}/members (admin+): the owner first, then every member with its role. */
export async function getMembers(appId: string, signal?: AbortSignal): Promise<AppMember[]> {
  return (await apiRequest<AdminSuccess<AppMember[]>>(membersPath(appId), { signal })).data;
}

export function useMembers(appId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: [...membersKey(appId), 'list'],
      queryFn: ({ signal }) => getMembers(appId, signal),
      enabled,
    }),
  );
}

/** PATCH .../members/{accountId}: a new role, at most the caller's own; takes effect on the member's next request. */
export async function changeMemberRole(appId: string, accountId: string, role: AppRole): Promise<void> {
  await apiRequest(membersPath(appId, accountId), { method: 'PATCH', body: { role } });
}

export function useChangeMemberRole(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, role }: { accountId: string; role: AppRole }) => changeMemberRole(appId, accountId, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(appId) }),
  });
}

/** DELETE .../members/{accountId}: the member loses the app at its next request; a member may remove itself (leave). */
export async function removeMember(appId: string, accountId: string): Promise<void> {
  await apiRequest(membersPath(appId, accountId), { method: 'DELETE' });
}

export function useRemoveMember(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => removeMember(appId, accountId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(appId) }),
        // Leaving: the app drops out of the caller's list.
        queryClient.invalidateQueries({ queryKey: appsListKey }),
        queryClient.invalidateQueries({ queryKey: appKey(appId) }),
      ]),
  });
}
