import type {
  AdminSuccess,
  CreateStoreProductRequest,
  StoreProduct,
  UpdateStoreProductRequest,
} from '@latchkey/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { storeKey } from './store-connections';

/** GET .../store/connections/{connectionId}/products: the connection's mappings, oldest first. */
export function getStoreProducts(appId: string, connectionId: string, signal?: AbortSignal) {
  return apiRequest<AdminSuccess<StoreProduct[]>>(appPath(appId, 'store', 'connections', connectionId, 'products'), {
    signal,
  });
}

export function getStoreProductsQueryOptions(appId: string, connectionId: string) {
  return queryOptions({
    queryKey: [...storeKey(appId), 'products', connectionId],
    queryFn: ({ signal }) => getStoreProducts(appId, connectionId, signal),
  });
}

export function useStoreProducts(appId: string, connectionId: string) {
  return useQuery(getStoreProductsQueryOptions(appId, connectionId));
}

/** A change of mappings changes the connection's product count too: both refresh. */
function useInvalidateMappings(appId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: storeKey(appId) });
}

export async function createStoreProduct(
  appId: string,
  connectionId: string,
  body: CreateStoreProductRequest,
): Promise<StoreProduct> {
  const res = await apiRequest<AdminSuccess<StoreProduct>>(
    appPath(appId, 'store', 'connections', connectionId, 'products'),
    { method: 'POST', body },
  );
  return res.data;
}

export function useCreateStoreProduct(appId: string, connectionId: string) {
  const invalidate = useInvalidateMappings(appId);
  return useMutation({
    mutationFn: (body: CreateStoreProductRequest) => createStoreProduct(appId, connectionId, body),
    onSuccess: invalidate,
  });
}

/** PATCH .../store/products/{productId}: only what is sent changes. */
export async function updateStoreProduct(
  appId: string,
  productId: string,
  body: UpdateStoreProductRequest,
): Promise<StoreProduct> {
  const res = await apiRequest<AdminSuccess<StoreProduct>>(appPath(appId, 'store', 'products', productId), {
    method: 'PATCH',
    body,
  });
  return res.data;
}

export function useUpdateStoreProduct(appId: string) {
  const invalidate = useInvalidateMappings(appId);
  return useMutation({
    mutationFn: ({ productId, ...body }: UpdateStoreProductRequest & { productId: string }) =>
      updateStoreProduct(appId, productId, body),
    onSuccess: invalidate,
  });
}

/** DELETE .../store/products/{productId}: orders of it keep their keys and product name. */
export async function deleteStoreProduct(appId: string, productId: string): Promise<void> {
  await apiRequest<unknown>(appPath(appId, 'store', 'products', productId), { method: 'DELETE' });
}

export function useDeleteStoreProduct(appId: string) {
  const invalidate = useInvalidateMappings(appId);
  return useMutation({
    mutationFn: (productId: string) => deleteStoreProduct(appId, productId),
    onSuccess: invalidate,
  });
}
