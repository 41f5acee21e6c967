import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { variablesKey } from './get-variables';

/** DELETE /v1/admin/apps/{appId}/variables/{key} */
export async function deleteVariable(appId: string, key: string): Promise<void> {
  await apiRequest<unknown>(appPath(appId, 'variables', key), {
    method: 'DELETE',
  });
}

export function useDeleteVariable(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => deleteVariable(appId, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: variablesKey(appId) }),
  });
}
