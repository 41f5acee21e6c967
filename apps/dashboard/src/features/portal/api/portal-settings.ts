import type { AdminSuccess, PortalSettings, UpdatePortalSettingsRequest } from '@latchkey/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';

const key = (appId: string) => ['apps', appId, 'portal'] as const;

export function usePortalSettings(appId: string) {
  return useQuery({
    queryKey: key(appId),
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminSuccess<PortalSettings>>(appPath(appId, 'portal'), { signal })).data,
  });
}

export function useUpdatePortalSettings(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePortalSettingsRequest) =>
      (await apiRequest<AdminSuccess<PortalSettings>>(appPath(appId, 'portal'), { method: 'PATCH', body })).data,
    onSuccess: (settings) => queryClient.setQueryData(key(appId), settings),
  });
}
