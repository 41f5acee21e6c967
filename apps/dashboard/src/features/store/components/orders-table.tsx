import type { StoreConnection, StoreOrder, StoreOrderStatus } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { QueryTable, type Paging } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmailText } from '@/components/ui/email-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Badge } from '@/components/ui/status-badge';
import { useStoreOrders } from '../api/store-orders';
import { formatAmount } from '../utils/amount';
import { EMAIL_STATUS_BADGES, PROVIDER_LABELS } from '../utils/store-words';
import { OrderStatus } from './order-parts';

const column = createColumnHelper<StoreOrder>();

/** Keys shown in a row before "+ n more" (an order may hold up to a hundred). */
const KEYS_IN_ROW = 3;

/** The app's orders, newest first, filtered and paged as the URL says; each opens its detail page. */
export function OrdersTable({
  appId,
  search,
  status,
  connectionId,
  connections,
  paging,
}: {
  appId: string;
  search: string | undefined;
  status: StoreOrderStatus | undefined;
  connectionId: string | undefined;
  /** to name each order's connection */
  connections: readonly StoreConnection[] | undefined;
  paging: Paging;
}) {
  const ordersQuery = useStoreOrders(appId, { search, status, connectionId, page: paging.page });
  const names = useMemo(
    () => new Map((connections ?? []).map((connection) => [connection.id, connection.name])),
    [connections],
  );

  const columns = useMemo(
    () => [
      column.accessor('buyerEmail', {
        header: 'Buyer',
        cell: (info) => {
          const order = info.row.original;
          return (
            <span className="store-stack">
              <Link
                to="/apps/$appId/store/orders/$orderId"
                params={{ appId, orderId: order.id }}
                className="row-link"
                aria-label={`Order ${order.externalOrderId}`}
              >
                {order.buyerEmail ? <EmailText email={order.buyerEmail} /> : 'No email'}
              </Link>
              <code className="store-sub">{order.externalOrderId}</code>
            </span>
          );
        },
        meta: { className: 'col-break' },
      }),
      column.accessor('connectionId', {
        header: 'Store',
        cell: (info) => (
          <span className="store-stack">
            <span className="break">{names.get(info.getValue()) ?? PROVIDER_LABELS[info.row.original.provider]}</span>
            {names.has(info.getValue()) ? (
              <span className="store-sub">{PROVIDER_LABELS[info.row.original.provider]}</span>
            ) : null}
          </span>
        ),
        meta: { className: 'col-text' },
      }),
      column.accessor('productName', {
        header: 'Product',
        cell: (info) => info.getValue() ?? <span className="muted">—</span>,
        meta: { className: 'col-text' },
      }),
      column.accessor('amount', {
        header: 'Amount',
        cell: (info) => {
          const order = info.row.original;
          return (
            <span className="store-stack">
              {formatAmount(order.amount, order.currency)}
              {order.quantity > 1 ? <span className="store-sub">× {order.quantity}</span> : null}
            </span>
          );
        },
        meta: { className: 'col-num' },
      }),
      column.accessor('keys', {
        header: 'Keys',
        cell: (info) => {
          const keys = info.getValue();
          if (keys.length === 0) return <span className="muted">None</span>;
          return (
            <span className="store-keys">
              {keys.slice(0, KEYS_IN_ROW).map((key) => (
                <code key={key.licenseId}>{key.key}</code>
              ))}
              {keys.length > KEYS_IN_ROW ? (
                <span className="muted small">+ {keys.length - KEYS_IN_ROW} more</span>
              ) : null}
            </span>
          );
        },
      }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => <OrderStatus order={info.row.original} />,
        meta: { className: 'col-text' },
      }),
      column.accessor('emailStatus', {
        header: 'Email',
        cell: (info) => {
          const badge = EMAIL_STATUS_BADGES[info.getValue()];
          return (
            <span title={info.row.original.emailError ?? undefined}>
              <Badge tone={badge.tone}>{badge.label}</Badge>
            </span>
          );
        },
      }),
      column.accessor('createdAt', {
        header: 'Ordered',
        cell: (info) => <DateTime value={info.getValue()} />,
        meta: { className: 'col-secondary' },
      }),
    ],
    [appId, names],
  );

  const filtered = search !== undefined || status !== undefined || connectionId !== undefined;
  return (
    <QueryTable
      label="Orders"
      cards
      noun={['order', 'orders']}
      columns={columns}
      query={ordersQuery}
      paging={paging}
      getRowId={(order) => order.id}
      empty={
        filtered ? (
          <EmptyState title="No orders match">Try another status, store or search.</EmptyState>
        ) : (
          <EmptyState title="No orders yet">
            Orders appear here as your stores’ purchase events arrive. An event Latchkey refused is listed under
            Received events, with its reason.
          </EmptyState>
        )
      }
    />
  );
}
