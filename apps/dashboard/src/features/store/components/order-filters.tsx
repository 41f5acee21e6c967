import { STORE_ORDER_STATUSES, StoreLimits, type StoreConnection, type StoreOrderStatus } from '@latchkey/contracts';
import { SelectField } from '@/components/ui/form-fields';
import { SearchField } from '@/components/ui/search-field';
import type { FilterChange } from '@/lib/search-params';
import { ORDER_STATUS_BADGES } from '../utils/store-words';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...STORE_ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_BADGES[status].label })),
];

/** Status and connection filters, and a search over buyer email, store order id and key. */
export function OrderFilters({
  search,
  status,
  connectionId,
  connections,
  onChange,
}: {
  search: string | undefined;
  status: StoreOrderStatus | undefined;
  connectionId: string | undefined;
  connections: readonly StoreConnection[] | undefined;
  onChange: (
    filters: { search?: string | undefined; status?: StoreOrderStatus | undefined; connectionId?: string | undefined },
    change?: FilterChange,
  ) => void;
}) {
  return (
    <>
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || undefined) as StoreOrderStatus | undefined })}
      />
      <ConnectionFilter connectionId={connectionId} connections={connections} onChange={onChange} />
      <SearchField
        value={search}
        onSearch={(next, change) => onChange({ search: next }, change)}
        placeholder="Buyer email, order ID or key"
        minLength={1}
        maxLength={StoreLimits.searchMax}
      />
    </>
  );
}

/** Which connection's orders or events: every one by default. */
export function ConnectionFilter({
  connectionId,
  connections,
  onChange,
}: {
  connectionId: string | undefined;
  connections: readonly StoreConnection[] | undefined;
  onChange: (filters: { connectionId?: string | undefined }) => void;
}) {
  const options = [
    { value: '', label: 'All stores' },
    ...(connections ?? []).map((connection) => ({ value: connection.id, label: connection.name })),
  ];
  // A connection named by the URL before the list loads (or one deleted since) still shows as chosen.
  if (connectionId && !options.some((option) => option.value === connectionId)) {
    options.push({ value: connectionId, label: 'This store' });
  }
  return (
    <SelectField
      label="Store"
      options={options}
      value={connectionId ?? ''}
      onChange={(event) => onChange({ connectionId: event.target.value || undefined })}
    />
  );
}
