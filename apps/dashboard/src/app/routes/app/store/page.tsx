import { getRouteApi } from '@tanstack/react-router';
import { useStoreConnections } from '@/features/store/api/store-connections';
import { OrderFilters } from '@/features/store/components/order-filters';
import { OrdersTable } from '@/features/store/components/orders-table';
import { StoreSection } from '@/features/store/components/store-section';
import { filterSetter, pageSetter } from '@/lib/search-params';

const storeRoute = getRouteApi('/dashboard/apps/$appId/store');

export function StoreOrdersPage() {
  const { appId } = storeRoute.useParams();
  const { search, status, connectionId, page = 1 } = storeRoute.useSearch();
  const navigate = storeRoute.useNavigate();
  const connections = useStoreConnections(appId).data;

  return (
    <StoreSection appId={appId} title="Orders">
      <div className="toolbar">
        <OrderFilters
          search={search}
          status={status}
          connectionId={connectionId}
          connections={connections}
          onChange={filterSetter(navigate)}
        />
      </div>
      <OrdersTable
        appId={appId}
        search={search}
        status={status}
        connectionId={connectionId}
        connections={connections}
        paging={{ page, onPageChange: pageSetter(navigate) }}
      />
    </StoreSection>
  );
}
