import type { StoreProduct, StoreProvider } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DURATION_LABELS } from '@/components/domain/license-duration';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { rowActionsColumn } from '@/components/ui/table-columns';
import { useDeleteStoreProduct, useStoreProducts } from '../api/store-products';
import { formatAmount } from '../utils/amount';
import { ProductFormDialog } from './product-form-dialog';

const column = createColumnHelper<StoreProduct>();

/** A connection's product mappings (one page: a store has a few products), each editable and deletable. */
export function ProductsTable({
  appId,
  connectionId,
  provider,
}: {
  appId: string;
  connectionId: string;
  provider: StoreProvider;
}) {
  const productsQuery = useStoreProducts(appId, connectionId);
  const deleteMutation = useDeleteStoreProduct(appId);
  const [editing, setEditing] = useState<StoreProduct | null>(null);
  const [deleting, setDeleting] = useState<StoreProduct | null>(null);
  const products = productsQuery.data?.data;

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Product',
        cell: (info) => (
          <span className="store-stack">
            <span className="break">{info.getValue()}</span>
            <code className="store-sub">{info.row.original.externalId}</code>
          </span>
        ),
        meta: { className: 'col-text' },
      }),
      column.accessor('keysPerUnit', { header: 'Keys per unit', meta: { className: 'col-num' } }),
      column.accessor('durationType', {
        header: 'Duration',
        cell: (info) => DURATION_LABELS[info.getValue() as keyof typeof DURATION_LABELS] ?? info.getValue(),
      }),
      column.accessor('level', { header: 'Level', meta: { className: 'col-num' } }),
      column.accessor('maxDevices', { header: 'Devices', meta: { className: 'col-num' } }),
      column.accessor('expectedAmount', {
        header: 'Least amount',
        cell: (info) =>
          info.getValue() === null ? (
            <span className="muted">Any</span>
          ) : (
            formatAmount(info.getValue(), info.row.original.currency)
          ),
      }),
      column.accessor('renewalUrl', {
        header: 'Renewal URL',
        cell: (info) =>
          info.getValue() ? (
            <a href={info.getValue()!} target="_blank" rel="noreferrer" className="break">
              {info.getValue()}
            </a>
          ) : (
            <span className="muted">—</span>
          ),
        meta: { className: 'col-break col-secondary' },
      }),
      rowActionsColumn<StoreProduct>(
        (product) => product.name,
        (product) => [
          { label: 'Edit', onSelect: () => setEditing(product) },
          { label: 'Delete', destructive: true, onSelect: () => setDeleting(product) },
        ],
      ),
    ],
    [],
  );

  return (
    <>
      <DataTable
        label="Product mappings"
        cards
        noun={['product', 'products']}
        columns={columns}
        rows={products}
        meta={products ? { page: 1, limit: products.length, total: products.length } : undefined}
        page={1}
        pageSize={Math.max(1, products?.length ?? 1)}
        onPageChange={() => undefined}
        getRowId={(product) => product.id}
        error={productsQuery.error}
        empty={
          <EmptyState title="No products mapped yet">
            Map each product or price you sell to what it yields; a purchase of an unmapped one is refused.
          </EmptyState>
        }
      />
      {editing ? (
        <ProductFormDialog
          appId={appId}
          connectionId={connectionId}
          provider={provider}
          product={editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
      <RowConfirmDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title={`Delete the mapping of ${deleting?.name ?? 'the product'}?`}
        description="Its orders keep their keys. A new purchase of it is refused until you map it again."
        confirmLabel="Delete mapping"
        onConfirm={async (product) => {
          await deleteMutation.mutateAsync(product.id);
          return `${product.name} unmapped`;
        }}
      />
    </>
  );
}
