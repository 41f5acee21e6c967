import { getRouteApi } from '@tanstack/react-router';
import { BLACKLIST_TYPES, type BlacklistType } from '@latchkey/contracts';
import { SelectField } from '@/components/ui/form-fields';
import { AddBlacklistEntryDialog } from '@/features/blacklist/components/add-blacklist-entry-dialog';
import { BlacklistTable } from '@/features/blacklist/components/blacklist-table';
import { TYPE_LABELS } from '@/features/blacklist/utils/value-rules';
import { filterSetter, pageSetter } from '@/lib/search-params';
import { useAppRole } from '@/lib/app-role';
import { ListPage } from '../list-page';

const blacklistRoute = getRouteApi('/dashboard/apps/$appId/blacklist');

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...BLACKLIST_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })),
];

export function BlacklistPage() {
  const { appId } = blacklistRoute.useParams();
  const { can } = useAppRole();
  const { type, page = 1 } = blacklistRoute.useSearch();
  const navigate = blacklistRoute.useNavigate();
  return (
    <ListPage
      title="Blacklist"
      description="IP addresses and ranges, hardware IDs and usernames whose requests are refused."
      createLabel="Add entry"
      canCreate={can('blacklist.write')}
      createDialog={(open, onOpenChange) => (
        <AddBlacklistEntryDialog appId={appId} open={open} onOpenChange={onOpenChange} />
      )}
      filters={
        <SelectField
          label="Type"
          options={TYPE_OPTIONS}
          value={type ?? ''}
          onChange={(event) =>
            filterSetter(navigate)({ type: (event.target.value || undefined) as BlacklistType | undefined })
          }
        />
      }
    >
      <BlacklistTable appId={appId} type={type} paging={{ page, onPageChange: pageSetter(navigate) }} />
    </ListPage>
  );
}
