import { LICENSE_STATUSES, LicenseLimits, type LicenseStatus } from '@latchkey/contracts';
import { SelectField } from '@/components/ui/form-fields';
import { SearchField } from '@/components/ui/search-field';
import type { FilterChange } from '@/lib/search-params';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...LICENSE_STATUSES.map((status) => ({ value: status, label: status.charAt(0) + status.slice(1).toLowerCase() })),
];

/** Status filter, creator filter (owners) and a search over key and note. */
export function LicenseFilters({
  status,
  search,
  createdBy,
  creators,
  onChange,
}: {
  status: LicenseStatus | undefined;
  search: string | undefined;
  createdBy?: string | undefined;
  /** who may have created keys (the owner and the app's resellers); no creator filter when absent */
  creators?: ReadonlyArray<{ id: string; label: string }>;
  onChange: (
    filters: {
      status?: LicenseStatus | undefined;
      search?: string | undefined;
      createdBy?: string | undefined;
    },
    change?: FilterChange,
  ) => void;
}) {
  return (
    <>
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || undefined) as LicenseStatus | undefined })}
      />
      {creators ? (
        <SelectField
          label="Created by"
          options={[{ value: '', label: 'Anyone' }, ...creators.map(({ id, label }) => ({ value: id, label }))]}
          value={createdBy ?? ''}
          onChange={(event) => onChange({ createdBy: event.target.value || undefined })}
        />
      ) : null}
      <SearchField
        value={search}
        onSearch={(next, change) => onChange({ search: next }, change)}
        placeholder="Key or note"
        minLength={LicenseLimits.searchMin}
        maxLength={LicenseLimits.searchMax}
      />
    </>
  );
}
