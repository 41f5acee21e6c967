import { PAGE_DEFAULT_LIMIT, type Webhook } from '@latchkey/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActions } from '@/components/ui/row-actions';
import { Badge } from '@/components/ui/status-badge';
import { useWebhooks } from '../api/get-webhooks';
import { useWebhookCommands } from '../hooks/use-webhook-commands';
import { isDiscordUrl } from '../utils/webhook-rules';
import { DeleteWebhookDialog } from './delete-webhook-dialog';
import { EventList } from './event-list';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhookStatus } from './webhook-status';
import '../webhooks.css';

const column = createColumnHelper<Webhook>();

/** The app's webhooks, one page at a time; each links to its delivery log and has a menu of actions. */
export function WebhooksTable({
  appId,
  page,
  onPageChange,
}: {
  appId: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const webhooksQuery = useWebhooks(appId, { page });
  const { sendTest, setEnabled } = useWebhookCommands(appId);
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('url', {
        header: 'Endpoint',
        cell: (info) => (
          <span className="webhook-url">
            <Link
              to="/apps/$appId/webhooks/$webhookId"
              params={{ appId, webhookId: info.row.original.id }}
              className="row-link break"
            >
              {info.getValue()}
            </Link>
            {isDiscordUrl(info.getValue()) ? <Badge tone="info">Discord</Badge> : null}
          </span>
        ),
        meta: { className: 'col-break' },
      }),
      column.accessor('events', {
        header: 'Events',
        cell: (info) => <EventList events={info.getValue()} />,
        meta: { className: 'col-break hide-sm' },
      }),
      column.display({
        id: 'status',
        header: 'Status',
        cell: (info) => <WebhookStatus webhook={info.row.original} />,
      }),
      column.accessor('createdAt', {
        header: 'Created',
        cell: (info) => <DateTime value={info.getValue()} />,
        meta: { className: 'hide-sm' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => {
          const webhook = info.row.original;
          return (
            <RowActions
              label={webhook.url}
              actions={[
                {
                  label: 'Deliveries',
                  onSelect: () =>
                    void navigate({ to: '/apps/$appId/webhooks/$webhookId', params: { appId, webhookId: webhook.id } }),
                },
                { label: 'Send test', onSelect: () => sendTest(webhook) },
                { label: 'Edit', onSelect: () => setEditing(webhook) },
                webhook.enabled
                  ? { label: 'Disable', onSelect: () => setEnabled(webhook, false) }
                  : { label: 'Enable', onSelect: () => setEnabled(webhook, true) },
                { label: 'Delete', destructive: true, onSelect: () => setDeleting(webhook) },
              ]}
            />
          );
        },
        meta: { className: 'col-actions' },
      }),
    ],
    [appId, navigate, sendTest, setEnabled],
  );

  return (
    <>
      <DataTable
        label="Webhooks"
        noun={['webhook', 'webhooks']}
        columns={columns}
        rows={webhooksQuery.data?.data}
        meta={webhooksQuery.data?.meta}
        page={page}
        pageSize={PAGE_DEFAULT_LIMIT}
        onPageChange={onPageChange}
        getRowId={(webhook) => webhook.id}
        error={webhooksQuery.error}
        fetching={webhooksQuery.isPlaceholderData}
        empty={
          <EmptyState title="No webhooks yet">
            A webhook tells your server or Discord channel about logins, registrations, bans and more as they happen.
          </EmptyState>
        }
      />
      {editing ? (
        <WebhookFormDialog
          appId={appId}
          webhook={editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
      <DeleteWebhookDialog appId={appId} webhook={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
