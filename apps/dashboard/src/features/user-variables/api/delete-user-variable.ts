import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userVariablesKey, userVariablesPath } from './get-user-variables';

/** DELETE .../users/{userId}/variables/{key} */
export async function deleteUserVariable(appId: string, userId: string, key: string): Promise<void> {
  await apiRequest<unknown>(`${userVariablesPath(appId, userId)}/${encodeURIComponent(key)}`, { method: 'DELETE' });
}

export function useDeleteUserVariable(appId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => deleteUserVariable(appId, userId, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userVariablesKey(appId, userId) }),
  });
}
