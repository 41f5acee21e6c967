import type { AdminSuccess, UserVariable } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userVariablesKey, userVariablesPath } from './get-user-variables';

/** PUT .../users/{userId}/variables/{key}: creates (201) or replaces (200) the variable. */
export async function setUserVariable(appId: string, userId: string, key: string, value: string) {
  const res = await apiRequest<AdminSuccess<UserVariable>>(
    `${userVariablesPath(appId, userId)}/${encodeURIComponent(key)}`,
    { method: 'PUT', body: { value } },
  );
  return res.data;
}

export function useSetUserVariable(appId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: string }) => setUserVariable(appId, userId, key, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userVariablesKey(appId, userId) }),
  });
}
