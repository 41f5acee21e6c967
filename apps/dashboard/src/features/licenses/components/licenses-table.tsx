import type { License, LicenseStatus } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { durationText } from '@/components/domain/license-duration';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { QueryTable, type Paging } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActions } from '@/components/ui/row-actions';
import { Badge, type BadgeTone } from '@/components/ui/status-badge';
import { useAppRole } from '@/lib/app-role';
import { toast } from '@/lib/toast';
import { useUnbanLicense } from '../api/unban-license';
import { useDeleteLicense } from '../api/delete-license';
import { useLicenses } from '../api/get-licenses';
import { BanLicenseDialog, EditLicenseDialog } from './license-dialogs';
import '../licenses.css';

const column = createColumnHelper<License>();

const STATUS_TONE: Record<LicenseStatus, BadgeTone> = {
  UNUSED: 'info',
  USED: 'success',
  BANNED: 'danger',
  EXPIRED: 'neutral',
};

/** The app's licenses, filtered and paged as the URL says, with per-row actions. */
export function LicensesTable({
  appId,
  status,
  search,
  paging,
  createdBy,
  creatorNames = {},
  actions = 'owner',
  currentAccountId,
}: {
  appId: string;
  status: LicenseStatus | undefined;
  search: string | undefined;
  paging: Paging;
  createdBy?: string | undefined;
  /** names of the accounts that create keys (resellers' emails), by account id */
  creatorNames?: Readonly<Record<string, string>>;
  /** a reseller may only delete its unused keys (the API refunds the credit) */
  actions?: 'owner' | 'reseller';
  /** the signed-in account, whose keys show as "You" */
  currentAccountId: string | undefined;
}) {
  const licensesQuery = useLicenses(appId, { status, search, createdBy, page: paging.page });
  const unbanMutation = useUnbanLicense(appId);
  const deleteMutation = useDeleteLicense(appId);
  const [banning, setBanning] = useState<License | null>(null);
  const [editing, setEditing] = useState<License | null>(null);
  const [deleting, setDeleting] = useState<License | null>(null);
  // In the owner's console, what the caller's app role allows on a key.
  const { can } = useAppRole();
  const canWrite = can('licenses.write');
  const canAct = can('licenses.act');
  const canReadUsers = can('users.read');
  // Store orders are for owners and admins: other roles see no link to one.
  const canReadStore = can('store');

  const columns = useMemo(
    () => [
      column.accessor('key', {
        header: 'Key',
        cell: (info) => (
          <span className="key-cell">
            <code>{info.getValue()}</code>
            <CopyButton
              value={info.getValue()}
              className="button button-ghost button-small"
              accessibleLabel={`Copy ${info.getValue()}`}
              copiedMessage="Key copied"
            />
          </span>
        ),
      }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => {
          const license = info.row.original;
          return (
            <span title={license.banReason ?? undefined}>
              <Badge tone={STATUS_TONE[license.status]}>{license.status}</Badge>
              {license.banReason ? <span className="muted small ban-reason"> {license.banReason}</span> : null}
              {license.userId && actions === 'owner' && canReadUsers ? (
                <>
                  {' '}
                  <Link
                    to="/apps/$appId/users/$userId"
                    params={{ appId, userId: license.userId }}
                    className="small"
                    aria-label={`User of ${license.key}`}
                  >
                    User
                  </Link>
                </>
              ) : null}
              {license.orderId && actions === 'owner' && canReadStore ? (
                <>
                  {' '}
                  <Link
                    to="/apps/$appId/store/orders/$orderId"
                    params={{ appId, orderId: license.orderId }}
                    className="small"
                    aria-label={`Order of ${license.key}`}
                  >
                    Order
                  </Link>
                </>
              ) : null}
            </span>
          );
        },
      }),
      column.accessor('durationType', {
        header: 'Duration',
        cell: (info) => durationText(info.row.original),
        meta: { className: 'hide-sm' },
      }),
      column.accessor('level', { header: 'Level', meta: { className: 'col-num hide-sm' } }),
      column.accessor('maxDevices', { header: 'Devices', meta: { className: 'col-num hide-sm' } }),
      column.accessor('note', {
        header: 'Note',
        cell: (info) => {
          const note = info.getValue();
          return note ? (
            <span className="license-note" title={note}>
              {note}
            </span>
          ) : (
            <span className="muted">—</span>
          );
        },
        meta: { className: 'col-text hide-sm' },
      }),
      column.accessor('expiresAt', {
        header: 'Expires',
        cell: (info) => {
          const license = info.row.original;
          // A key banned before first use has no expiry yet: "Never" would read as lifetime.
          if (license.status === 'UNUSED' || (license.activatedAt === null && license.userId === null))
            return <span className="muted">Not used yet</span>;
          return info.getValue() ? <DateTime value={info.getValue()!} /> : 'Never (lifetime)';
        },
        meta: { className: 'hide-sm' },
      }),
      column.accessor('createdBy', {
        header: 'Created by',
        cell: (info) => {
          const by = info.getValue();
          if (!by) return <span className="muted">—</span>;
          if (by === currentAccountId) return 'You';
          const name = creatorNames[by];
          return name ? <span className="break">{name}</span> : <code title={by}>{by.slice(0, 8)}</code>;
        },
        meta: { className: 'hide-sm' },
      }),
      column.accessor('createdAt', {
        header: 'Created',
        cell: (info) => <DateTime value={info.getValue()} />,
        meta: { className: 'col-secondary hide-sm' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => {
          const license = info.row.original;
          return (
            <RowActions
              label={license.key}
              actions={
                actions === 'reseller'
                  ? [
                      license.status === 'UNUSED' && {
                        label: 'Delete',
                        destructive: true,
                        onSelect: () => setDeleting(license),
                      },
                    ]
                  : [
                      canWrite && { label: 'Edit', onSelect: () => setEditing(license) },
                      canAct &&
                        (license.status === 'BANNED'
                          ? {
                              label: 'Unban',
                              onSelect: () =>
                                void unbanMutation
                                  .mutateAsync(license.id)
                                  .then(() => toast.success(`Key ${license.key} unbanned`))
                                  .catch((error: unknown) => toast.error(error)),
                            }
                          : { label: 'Ban', destructive: true, onSelect: () => setBanning(license) }),
                      canWrite && { label: 'Delete', destructive: true, onSelect: () => setDeleting(license) },
                    ]
              }
            />
          );
        },
        meta: { className: 'col-actions' },
      }),
    ],
    [appId, currentAccountId, creatorNames, actions, unbanMutation, canWrite, canAct, canReadUsers, canReadStore],
  );

  const filtered = status !== undefined || search !== undefined || createdBy !== undefined;
  return (
    <>
      <QueryTable
        label="Licenses"
        cards
        noun={['license', 'licenses']}
        columns={columns}
        query={licensesQuery}
        paging={paging}
        getRowId={(license) => license.id}
        empty={
          filtered ? (
            <EmptyState title="No licenses match">Try another status or search.</EmptyState>
          ) : (
            <EmptyState title="No licenses yet">
              Generate keys to sell or hand out; your software redeems them with register or license.
            </EmptyState>
          )
        }
      />
      {banning ? <BanLicenseDialog appId={appId} license={banning} onClose={() => setBanning(null)} /> : null}
      {editing ? <EditLicenseDialog appId={appId} license={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.key ?? 'license'}?`}
        description={
          actions === 'reseller'
            ? 'The unused key is removed and its credit comes back to you.'
            : 'The key stops working. Its user keeps their account until you delete it. This cannot be undone.'
        }
        confirmLabel="Delete key"
        onConfirm={async () => {
          if (!deleting) return;
          await deleteMutation.mutateAsync(deleting.id);
          toast.success(
            actions === 'reseller' ? `Key ${deleting.key} deleted, 1 credit refunded` : `Key ${deleting.key} deleted`,
          );
        }}
      />
    </>
  );
}
