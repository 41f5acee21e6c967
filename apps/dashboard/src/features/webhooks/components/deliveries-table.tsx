import { PAGE_DEFAULT_LIMIT, type WebhookDelivery, type WebhookDeliveryStatus } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActions } from '@/components/ui/row-actions';
import { Badge, type BadgeTone } from '@/components/ui/status-badge';
import { toast } from '@/lib/toast';
import { useDeliveries } from '../api/get-deliveries';
import { useRetryDelivery } from '../api/retry-delivery';

const column = createColumnHelper<WebhookDelivery>();
const STATUS_TONE: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'danger',
};

/** One webhook's deliveries: status, attempts, last answer, next attempt; a failed one can be retried. */
export function DeliveriesTable({
  appId,
  webhookId,
  page,
  onPageChange,
}: {
  appId: string;
  webhookId: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const deliveriesQuery = useDeliveries(appId, webhookId, page);
  const retryMutation = useRetryDelivery(appId, webhookId);

  const columns = useMemo(
    () => [
      column.accessor('event', { header: 'Event', cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => <Badge tone={STATUS_TONE[info.getValue()]}>{info.getValue()}</Badge>,
      }),
      column.accessor('attempts', { header: 'Attempts', meta: { className: 'col-num' } }),
      column.accessor('lastStatusCode', {
        header: 'Last answer',
        cell: (info) => {
          const delivery = info.row.original;
          if (delivery.lastStatusCode !== null) return <code>HTTP {delivery.lastStatusCode}</code>;
          return delivery.lastError ? (
            <span className="small break">{delivery.lastError}</span>
          ) : (
            <span className="muted">—</span>
          );
        },
        meta: { className: 'col-wrap' },
      }),
      column.accessor('createdAt', {
        header: 'Created',
        cell: (info) => <DateTime value={info.getValue()} />,
        meta: { className: 'hide-sm' },
      }),
      column.accessor('nextAttemptAt', {
        header: 'Next attempt',
        cell: (info) => (info.getValue() ? <DateTime value={info.getValue()!} /> : <span className="muted">—</span>),
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
                {
                  label: 'Retry',
                  disabled: delivery.status !== 'failed',
                  onSelect: () =>
                    void retryMutation
                      .mutateAsync(delivery.id)
                      .then(() => toast.success('Delivery queued again'))
                      .catch((error: unknown) => toast.error(error)),
                },
              ]}
            />
          );
        },
        meta: { className: 'col-actions' },
      }),
    ],
    [retryMutation],
  );

  return (
    <DataTable
      label="Deliveries"
      noun={['delivery', 'deliveries']}
      columns={columns}
      rows={deliveriesQuery.data?.data}
      total={deliveriesQuery.data?.meta.total}
      page={page}
      pageSize={PAGE_DEFAULT_LIMIT}
      onPageChange={onPageChange}
      getRowId={(delivery) => delivery.id}
      error={deliveriesQuery.error}
      fetching={deliveriesQuery.isPlaceholderData}
      empty={<EmptyState title="No deliveries yet">Send a test, or wait for one of the webhook's events.</EmptyState>}
    />
  );
}
