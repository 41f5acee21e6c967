import {
  PAGE_DEFAULT_LIMIT,
  type AdminList,
  type AdminSuccess,
  type ListStoreOrdersQuery,
  type StoreOrder,
  type StoreOrderDetail,
} from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { storeKey } from './store-connections';

/** GET .../store/orders: newest first; search matches a buyer email, a store order id or a key (exact or prefix). */
export function getStoreOrders(appId: string, query: ListStoreOrdersQuery, signal?: AbortSignal) {
  const { search, status, connectionId, page = 1, limit = PAGE_DEFAULT_LIMIT } = query;
  return apiRequest<AdminList<StoreOrder>>(
    appPath(appId, 'store', 'orders') + toQueryString({ search, status, connectionId, page, limit }),
    { signal },
  );
}

export function getStoreOrdersQueryOptions(appId: string, query: ListStoreOrdersQuery = {}) {
  return queryOptions({
    queryKey: [...storeKey(appId), 'orders', 'list', query],
    queryFn: ({ signal }) => getStoreOrders(appId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStoreOrders(appId: string, query: ListStoreOrdersQuery = {}) {
  return useQuery(getStoreOrdersQueryOptions(appId, query));
}

function orderKey(appId: string, orderId: string) {
  return [...storeKey(appId), 'orders', 'one', orderId] as const;
}

/** GET .../store/orders/{orderId}: the order, its keys and every event that named it. */
export function getStoreOrder(appId: string, orderId: string, signal?: AbortSignal) {
  return apiRequest<AdminSuccess<StoreOrderDetail>>(appPath(appId, 'store', 'orders', orderId), { signal });
}

/** A mail still pending is polled: the worker settles it within seconds. */
const PENDING_EMAIL_POLL_MS = 2_000;

export function getStoreOrderQueryOptions(appId: string, orderId: string) {
  return queryOptions({
    queryKey: orderKey(appId, orderId),
    queryFn: ({ signal }) => getStoreOrder(appId, orderId, signal),
    select: (answer) => answer.data,
    refetchInterval: (query) => (query.state.data?.data.emailStatus === 'pending' ? PENDING_EMAIL_POLL_MS : false),
  });
}

export function useStoreOrder(appId: string, orderId: string) {
  return useQuery(getStoreOrderQueryOptions(appId, orderId));
}

/** POST .../store/orders/{orderId}/email: 202, the order email queued again. */
export async function resendOrderEmail(appId: string, orderId: string): Promise<void> {
  await apiRequest<unknown>(appPath(appId, 'store', 'orders', orderId, 'email'), { method: 'POST' });
}

export function useResendOrderEmail(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => resendOrderEmail(appId, orderId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...storeKey(appId), 'orders'] }),
  });
}

/** A fresh signed link to the buyer's order page, and when it stops working. */
export interface OrderPageLink {
  url: string;
  expiresAt: string;
}

/** POST .../store/orders/{orderId}/link. */
export async function createOrderPageLink(appId: string, orderId: string): Promise<OrderPageLink> {
  const res = await apiRequest<AdminSuccess<OrderPageLink>>(appPath(appId, 'store', 'orders', orderId, 'link'), {
    method: 'POST',
  });
  return res.data;
}

export function useCreateOrderPageLink(appId: string) {
  return useMutation({ mutationFn: (orderId: string) => createOrderPageLink(appId, orderId) });
}
