import type { Webhook } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActions } from '@/components/ui/row-actions';
import { Badge } from '@/components/ui/status-badge';
import { toast } from '@/lib/toast';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useSendTest } from '../api/send-test';
import { useUpdateWebhook } from '../api/update-webhook';
import { WebhookFormDialog } from './webhook-form-dialog';

const column = createColumnHelper<Webhook>();

/** The app's webhooks, with enable/disable (and why one was disabled), test, edit and delete. */
export function WebhooksTable({ appId }: { appId: string }) {
  const webhooksQuery = useWebhooks(appId);
  const updateMutation = useUpdateWebhook(appId);
  const testMutation = useSendTest(appId);
  const deleteMutation = useDeleteWebhook(appId);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const columns = useMemo(() => {
    const setEnabled = (webhook: Webhook, enabled: boolean) =>
      void updateMutation
        .mutateAsync({ webhookId: webhook.id, body: { enabled } })
        .then(() => toast.success(enabled ? 'Webhook enabled' : 'Webhook disabled'))
        .catch((error: unknown) => toast.error(error));
    const sendTest = (webhook: Webhook) =>
      void testMutation
        .mutateAsync(webhook.id)
        .then(() => toast.success('Test event queued'))
        .catch((error: unknown) => toast.error(error));
    return [
      column.accessor('url', {
        header: 'URL',
        cell: (info) => (
          <Link
            to="/apps/$appId/webhooks/$webhookId"
            params={{ appId, webhookId: info.row.original.id }}
            className="row-link break"
            title="Delivery log"
          >
            {info.getValue()}
          </Link>
        ),
        meta: { className: 'col-wrap' },
      }),
      column.accessor('events', {
        header: 'Events',
        cell: (info) => <span className="small">{info.getValue().join(', ')}</span>,
        meta: { className: 'col-wrap hide-sm' },
      }),
      column.accessor('enabled', {
        header: 'Status',
        cell: (info) => {
          const webhook = info.row.original;
          return webhook.enabled ? (
            <Badge tone="success">Enabled</Badge>
          ) : (
            <span>
              <Badge tone="neutral">Disabled</Badge>
              {webhook.disabledReason ? (
                <span className="muted small ban-reason"> {webhook.disabledReason}</span>
              ) : null}
            </span>
          );
        },
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
    ];
  }, [appId, updateMutation, testMutation]);

  const webhooks = webhooksQuery.data?.data;
  return (
    <>
      <DataTable
        label="Webhooks"
        noun={['webhook', 'webhooks']}
        columns={columns}
        rows={webhooks}
        total={webhooksQuery.data?.meta.total}
        page={1}
        pageSize={webhooksQuery.data?.meta.limit ?? 100}
        onPageChange={() => undefined}
        getRowId={(webhook) => webhook.id}
        error={webhooksQuery.error}
        empty={
          <EmptyState title="No webhooks yet">
            Get a signed POST (or a Discord message) when users register, log in, get banned, or keys are used.
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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this webhook?"
        description={`Nothing more is sent to ${deleting?.url ?? 'it'}, and its delivery log goes with it.`}
        confirmLabel="Delete webhook"
        onConfirm={async () => {
          if (!deleting) return;
          await deleteMutation.mutateAsync(deleting.id);
          toast.success('Webhook deleted');
        }}
      />
    </>
  );
}
