import type { AdminSuccess, OrderPage } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /store/orders/{token} (public): the buyer's order behind a signed link; 404 for a bad or expired one. */
export async function getOrderPage(token: string, signal?: AbortSignal): Promise<OrderPage> {
  const res = await apiRequest<AdminSuccess<OrderPage>>(`/store/orders/${encodeURIComponent(token)}`, {
    signal,
    auth: false,
  });
  return res.data;
}

export function useOrderPage(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['order-page', token],
      queryFn: ({ signal }) => getOrderPage(token, signal),
      // A refund or renewal changes the order: a reload shows it as it is now.
      staleTime: 0,
      retry: false,
    }),
  );
}
