import { LICENSE_STATUSES, LicenseLimits, type LicenseStatus } from '@latchkey/contracts';
import { useEffect, useState } from 'react';
import { SelectField, TextField } from '@/components/ui/form-fields';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...LICENSE_STATUSES.map((status) => ({ value: status, label: status.charAt(0) + status.slice(1).toLowerCase() })),
];

/** Status filter and a search over key and note; the search applies on Enter or when the field is left. */
export function LicenseFilters({
  status,
  search,
  onChange,
}: {
  status: LicenseStatus | undefined;
  search: string | undefined;
  onChange: (filters: { status?: LicenseStatus | undefined; search?: string | undefined }) => void;
}) {
  const [draft, setDraft] = useState(search ?? '');
  // A new URL (back button, shared link) replaces what was typed.
  useEffect(() => setDraft(search ?? ''), [search]);
  const apply = () => {
    const next = draft.trim() || undefined;
    if (next !== search) onChange({ search: next });
  };
  return (
    <>
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || undefined) as LicenseStatus | undefined })}
      />
      <form
        className="field-grow"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <TextField
          label="Search"
          type="search"
          placeholder="Key or note"
          maxLength={LicenseLimits.searchMax}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={apply}
        />
      </form>
    </>
  );
}
