import type { AdminSuccess, SellerKeyCreated, SellerKeyStatus } from '@latchkey/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';
import { keyAuthPath } from './get-keyauth-settings';

function sellerKeyPath(appId: string) {
  return `${keyAuthPath(appId)}/seller-key`;
}

/** Key of the app's seller key status (exists, created, last used; never the key). */
export function sellerKeyStatusKey(appId: string) {
  return [...appScope(appId), 'keyauth', 'seller-key'] as const;
}

/** GET .../keyauth/seller-key: whether the app has a seller key, when it was made and last used. */
export function useSellerKeyStatus(appId: string) {
  return useQuery({
    queryKey: sellerKeyStatusKey(appId),
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminSuccess<SellerKeyStatus>>(sellerKeyPath(appId), { signal })).data,
  });
}

/** POST .../keyauth/seller-key: a new key (the old one stops working), answered this once. */
export function useRotateSellerKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<AdminSuccess<SellerKeyCreated>>(sellerKeyPath(appId), { method: 'POST' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerKeyStatusKey(appId) }),
  });
}

/** DELETE .../keyauth/seller-key: every seller call is refused until a new key is made. */
export function useRevokeSellerKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<AdminSuccess<SellerKeyStatus>>(sellerKeyPath(appId), { method: 'DELETE' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerKeyStatusKey(appId) }),
  });
}
