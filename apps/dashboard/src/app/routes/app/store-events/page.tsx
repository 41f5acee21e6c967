import { STORE_EVENT_OUTCOMES, type StoreEventOutcome } from '@latchkey/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { SelectField } from '@/components/ui/form-fields';
import { useStoreConnections } from '@/features/store/api/store-connections';
import { EventsTable } from '@/features/store/components/events-table';
import { ConnectionFilter } from '@/features/store/components/order-filters';
import { StoreSection } from '@/features/store/components/store-section';
import { EVENT_OUTCOME_BADGES } from '@/features/store/utils/store-words';
import { filterSetter, pageSetter } from '@/lib/search-params';

const storeEventsRoute = getRouteApi('/dashboard/apps/$appId/store/events');

const OUTCOME_OPTIONS = [
  { value: '', label: 'All outcomes' },
  ...STORE_EVENT_OUTCOMES.map((outcome) => ({ value: outcome, label: EVENT_OUTCOME_BADGES[outcome].label })),
];

export function StoreEventsPage() {
  const { appId } = storeEventsRoute.useParams();
  const { outcome, connectionId, page = 1 } = storeEventsRoute.useSearch();
  const navigate = storeEventsRoute.useNavigate();
  const connections = useStoreConnections(appId).data;
  const setFilters = filterSetter(navigate);

  return (
    <StoreSection appId={appId} title="Received events">
      <p className="muted">
        Every call from a store. A refused one made no keys: its reason says what to fix, and the store’s retry is
        fulfilled once it is.
      </p>
      <div className="toolbar">
        <SelectField
          label="Outcome"
          options={OUTCOME_OPTIONS}
          value={outcome ?? ''}
          onChange={(event) =>
            setFilters({ outcome: (event.target.value || undefined) as StoreEventOutcome | undefined })
          }
        />
        <ConnectionFilter connectionId={connectionId} connections={connections} onChange={setFilters} />
      </div>
      <EventsTable
        appId={appId}
        outcome={outcome}
        connectionId={connectionId}
        connections={connections}
        paging={{ page, onPageChange: pageSetter(navigate) }}
      />
    </StoreSection>
  );
}
