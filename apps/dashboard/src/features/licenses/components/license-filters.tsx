import { LICENSE_STATUSES, LicenseLimits, type LicenseStatus } from '@latchkey/contracts';
import { SelectField } from '@/components/ui/form-fields';
import { SearchField } from '@/components/ui/search-field';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...LICENSE_STATUSES.map((status) => ({ value: status, label: status.charAt(0) + status.slice(1).toLowerCase() })),
];

/** Status filter and a search over key and note. */
export function LicenseFilters({
  status,
  search,
  onChange,
}: {
  status: LicenseStatus | undefined;
  search: string | undefined;
  onChange: (filters: { status?: LicenseStatus | undefined; search?: string | undefined }) => void;
}) {
  return (
    <>
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || undefined) as LicenseStatus | undefined })}
      />
      <SearchField
        value={search}
        onSearch={(next) => onChange({ search: next })}
        placeholder="Key or note"
        maxLength={LicenseLimits.searchMax}
      />
    </>
  );
}
