import type { AdminSuccess, UpdateVariableRequest, Variable } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { variablesKey } from './get-variables';

/** PATCH /v1/admin/apps/{appId}/variables/{key}: new value and/or minimum level. */
export async function updateVariable(appId: string, key: string, body: UpdateVariableRequest): Promise<Variable> {
  const res = await apiRequest<AdminSuccess<Variable>>(appPath(appId, 'variables', key), { method: 'PATCH', body });
  return res.data;
}

export function useUpdateVariable(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: UpdateVariableRequest & { key: string }) => updateVariable(appId, key, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: variablesKey(appId) }),
  });
}
