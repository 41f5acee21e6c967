import type {
  AdminSuccess,
  CreatedStoreConnection,
  CreateStoreConnectionRequest,
  StoreConnection,
  UpdateStoreConnectionRequest,
} from '@latchkey/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/**
 * Every query of the store (connections, mappings, orders, events) starts
 * with this key: an event changes orders and the connections' last event alike.
 */
export function storeKey(appId: string) {
  return [...appScope(appId), 'store'] as const;
}

/** GET .../store/connections: every connection of the app, oldest first, with its webhook URL; never a secret. */
export function getStoreConnections(appId: string, signal?: AbortSignal) {
  return apiRequest<AdminSuccess<StoreConnection[]>>(appPath(appId, 'store', 'connections'), { signal });
}

export function getStoreConnectionsQueryOptions(appId: string) {
  return queryOptions({
    queryKey: [...storeKey(appId), 'connections'],
    queryFn: ({ signal }) => getStoreConnections(appId, signal),
    select: (answer) => answer.data,
  });
}

export function useStoreConnections(appId: string) {
  return useQuery(getStoreConnectionsQueryOptions(appId));
}

/** POST .../store/connections: 201; a generic connection's secret is in the answer, and only there. */
export async function createStoreConnection(
  appId: string,
  body: CreateStoreConnectionRequest,
): Promise<CreatedStoreConnection> {
  const res = await apiRequest<AdminSuccess<CreatedStoreConnection>>(appPath(appId, 'store', 'connections'), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useCreateStoreConnection(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStoreConnectionRequest) => createStoreConnection(appId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKey(appId) }),
  });
}

/** PATCH .../store/connections/{connectionId}: name, on or off, or the store's new signing secret. */
export async function updateStoreConnection(
  appId: string,
  connectionId: string,
  body: UpdateStoreConnectionRequest,
): Promise<StoreConnection> {
  const res = await apiRequest<AdminSuccess<StoreConnection>>(appPath(appId, 'store', 'connections', connectionId), {
    method: 'PATCH',
    body,
  });
  return res.data;
}

export function useUpdateStoreConnection(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, ...body }: UpdateStoreConnectionRequest & { connectionId: string }) =>
      updateStoreConnection(appId, connectionId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKey(appId) }),
  });
}

/** POST .../store/connections/{connectionId}/secret: a generic connection's new secret; the old one stops at once. */
export async function rotateStoreSecret(appId: string, connectionId: string): Promise<CreatedStoreConnection> {
  const res = await apiRequest<AdminSuccess<CreatedStoreConnection>>(
    appPath(appId, 'store', 'connections', connectionId, 'secret'),
    { method: 'POST' },
  );
  return res.data;
}

export function useRotateStoreSecret(appId: string) {
  return useMutation({ mutationFn: (connectionId: string) => rotateStoreSecret(appId, connectionId) });
}

/** DELETE .../store/connections/{connectionId}: with its mappings; one with orders answers 409 (disable it instead). */
export async function deleteStoreConnection(appId: string, connectionId: string): Promise<void> {
  await apiRequest<unknown>(appPath(appId, 'store', 'connections', connectionId), { method: 'DELETE' });
}

export function useDeleteStoreConnection(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) => deleteStoreConnection(appId, connectionId),
    onSuccess: (_, connectionId) => {
      queryClient.removeQueries({ queryKey: [...storeKey(appId), 'products', connectionId] });
      return queryClient.invalidateQueries({ queryKey: [...storeKey(appId), 'connections'] });
    },
  });
}
