import { PAGE_DEFAULT_LIMIT, type WebhookDelivery, type WebhookDeliveryStatus } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActions } from '@/components/ui/row-actions';
import { Badge } from '@/components/ui/status-badge';
import { toast } from '@/lib/toast';
import { useDeliveries } from '../api/get-deliveries';
import { useRetryDelivery } from '../api/retry-delivery';
import { DELIVERY_STATUS_BADGES } from '../utils/webhook-rules';
import { DeliveryAttemptsDialog } from './delivery-attempts-dialog';

const column = createColumnHelper<WebhookDelivery>();

/**
 * One webhook's delivery log, newest first: status, attempts, the last
 * answer, when the next attempt is due, and a retry for failed (or still
 * waiting) deliveries. Refreshes itself while a delivery is pending.
 */
export function DeliveriesTable({
  appId,
  webhookId,
  status,
  page,
  onPageChange,
}: {
  appId: string;
  webhookId: string;
  status: WebhookDeliveryStatus | undefined;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const deliveriesQuery = useDeliveries(appId, webhookId, { status, page });
  const { mutateAsync: retry } = useRetryDelivery(appId, webhookId);
  // The id, not the row: the dialog follows the list as it refreshes.
  const [inspectingId, setInspectingId] = useState<string | null>(null);
  const inspecting = deliveriesQuery.data?.data.find((delivery) => delivery.id === inspectingId) ?? null;

  const retryDelivery = useCallback(
    (delivery: WebhookDelivery) =>
      void retry(delivery.id)
        .then(() => toast.success(`${delivery.event} delivery queued again`))
        .catch((error: unknown) => toast.error(error)),
    [retry],
  );

  const columns = useMemo(
    () => [
      column.accessor('event', { header: 'Event', cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => {
          const badge = DELIVERY_STATUS_BADGES[info.getValue()];
          return <Badge tone={badge.tone}>{badge.label}</Badge>;
        },
      }),
      column.accessor('attempts', { header: 'Attempts', meta: { className: 'col-num' } }),
      column.accessor('lastStatusCode', {
        header: 'Last code',
        cell: (info) => info.getValue() ?? <span className="muted">—</span>,
        meta: { className: 'col-num' },
      }),
      column.accessor('lastError', {
        header: 'Last error',
        cell: (info) => info.getValue() ?? <span className="muted">—</span>,
        meta: { className: 'col-text' },
      }),
      column.accessor('createdAt', {
        header: 'Created',
        cell: (info) => <DateTime value={info.getValue()} />,
        meta: { className: 'hide-sm' },
      }),
      column.display({
        id: 'when',
        header: 'Delivered / next attempt',
        cell: (info) => {
          const delivery = info.row.original;
          if (delivery.deliveredAt) return <DateTime value={delivery.deliveredAt} />;
          if (delivery.nextAttemptAt) {
            return (
              <span>
                <span className="muted">Next </span>
                <DateTime value={delivery.nextAttemptAt} />
              </span>
            );
          }
          return <span className="muted">—</span>;
        },
        meta: { className: 'hide-sm' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => {
          const delivery = info.row.original;
          return (
            <RowActions
              label={`delivery ${delivery.id}`}
              actions={[
                { label: 'Attempts', onSelect: () => setInspectingId(delivery.id) },
                delivery.status === 'failed' && { label: 'Retry', onSelect: () => retryDelivery(delivery) },
                delivery.status === 'pending' && { label: 'Retry now', onSelect: () => retryDelivery(delivery) },
              ]}
            />
          );
        },
        meta: { className: 'col-actions' },
      }),
    ],
    [retryDelivery],
  );

  return (
    <>
      <DataTable
        label="Deliveries"
        noun={['delivery', 'deliveries']}
        columns={columns}
        rows={deliveriesQuery.data?.data}
        meta={deliveriesQuery.data?.meta}
        page={page}
        pageSize={PAGE_DEFAULT_LIMIT}
        onPageChange={onPageChange}
        getRowId={(delivery) => delivery.id}
        error={deliveriesQuery.error}
        fetching={deliveriesQuery.isPlaceholderData}
        empty={
          <EmptyState
            title={status ? `No ${DELIVERY_STATUS_BADGES[status].label.toLowerCase()} deliveries` : 'No deliveries yet'}
          >
            Each event sent to this webhook is listed here with every attempt. Send a test to see one.
          </EmptyState>
        }
      />
      <DeliveryAttemptsDialog delivery={inspecting} onClose={() => setInspectingId(null)} />
    </>
  );
}
