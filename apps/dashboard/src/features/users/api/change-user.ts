import type { AdminSuccess, AdminUser } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/**
 * The actions on one user, each answering the user: POST .../ban (its sessions
 * end), .../unban, .../extend (days added to max(now, expiry)), .../reset-hwid.
 */
export type UserChange =
  | { kind: 'ban'; userId: string; reason: string | null }
  | { kind: 'unban'; userId: string }
  | { kind: 'extend'; userId: string; days: number }
  | { kind: 'reset-hwid'; userId: string };

export async function changeUser(appId: string, change: UserChange): Promise<AdminUser> {
  const body =
    change.kind === 'ban' ? { reason: change.reason } : change.kind === 'extend' ? { days: change.days } : {};
  const res = await apiRequest<AdminSuccess<AdminUser>>(
    `/v1/admin/apps/${encodeURIComponent(appId)}/users/${encodeURIComponent(change.userId)}/${change.kind}`,
    { method: 'POST', body },
  );
  return res.data;
}

export function useChangeUser(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => changeUser(appId, change),
    // A ban ends sessions and changes counts elsewhere: refresh the whole app.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
