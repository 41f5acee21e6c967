import { PAGE_MAX_LIMIT, type AdminList, type AppMember, type MemberRole } from '@latchkey/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

function membersPath(appId: string, accountId?: string) {
  const base = appPath(appId, 'members');
  return accountId === undefined ? base : `${base}/${encodeURIComponent(accountId)}`;
}

/** Every query of this feature (members and invitations) starts with this key. */
export function membersKey(appId: string) {
  return [...appScope(appId), 'members'] as const;
}

/** GET /v1/admin/apps/{appId}/members (admin+): the owner first, then the members with their roles (one page of the most; a team is small). */
export async function getMembers(appId: string, signal?: AbortSignal): Promise<AppMember[]> {
  const path = `${membersPath(appId)}${toQueryString({ limit: PAGE_MAX_LIMIT })}`;
  return (await apiRequest<AdminList<AppMember>>(path, { signal })).data;
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
export async function changeMemberRole(appId: string, accountId: string, role: MemberRole): Promise<void> {
  await apiRequest(membersPath(appId, accountId), { method: 'PATCH', body: { role } });
}

export function useChangeMemberRole(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, role }: { accountId: string; role: MemberRole }) =>
      changeMemberRole(appId, accountId, role),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(appId) }),
  });
}
