import type { AdminSuccess, CreateVariableRequest, Variable } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { variablesKey } from './get-variables';

/** POST /v1/admin/apps/{appId}/variables: 201 with the variable; 409 when the key exists. */
export async function createVariable(appId: string, body: CreateVariableRequest): Promise<Variable> {
  const res = await apiRequest<AdminSuccess<Variable>>(appPath(appId, 'variables'), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useCreateVariable(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVariableRequest) => createVariable(appId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: variablesKey(appId) }),
  });
}
