import { BLACKLIST_TYPES, type BlacklistType } from '@latchkey/contracts';
import { useState } from 'react';
import { SelectField } from '@/components/ui/form-fields';
import { PageHeader } from '@/components/ui/page-header';
import { AddBlacklistEntryDialog } from '@/features/blacklist/components/add-blacklist-entry-dialog';
import { BlacklistTable } from '@/features/blacklist/components/blacklist-table';
import { TYPE_LABELS } from '@/features/blacklist/utils/value-rules';
import { useDocumentTitle } from '@/lib/use-document-title';
import { blacklistRoute } from './route';

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...BLACKLIST_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })),
];

export function BlacklistPage() {
  useDocumentTitle('Blacklist');
  const { appId } = blacklistRoute.useParams();
  const { type, page = 1 } = blacklistRoute.useSearch();
  const navigate = blacklistRoute.useNavigate();
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title="Blacklist"
        description="IP addresses and ranges, hardware IDs and usernames whose requests are refused."
        actions={
          <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
            Add entry
          </button>
        }
      />
      <div className="toolbar">
        <SelectField
          label="Type"
          options={TYPE_OPTIONS}
          value={type ?? ''}
          onChange={(event) =>
            void navigate({
              search: (prev) => ({
                ...prev,
                type: (event.target.value || undefined) as BlacklistType | undefined,
                page: undefined,
              }),
            })
          }
        />
      </div>
      <BlacklistTable
        appId={appId}
        type={type}
        page={page}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next }) })}
      />
      <AddBlacklistEntryDialog appId={appId} open={adding} onOpenChange={setAdding} />
    </>
  );
}
