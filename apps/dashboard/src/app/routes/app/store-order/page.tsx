import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useStoreConnections } from '@/features/store/api/store-connections';
import {
  useCreateOrderPageLink,
  useResendOrderEmail,
  useStoreOrder,
  type OrderPageLink,
} from '@/features/store/api/store-orders';
import { OrderEventsTable } from '@/features/store/components/events-table';
import { OrderDetails } from '@/features/store/components/order-details';
import { OrderLinkDialog } from '@/features/store/components/order-link-dialog';
import { StoreBreadcrumb } from '@/features/store/components/store-section';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';

const storeOrderRoute = getRouteApi('/dashboard/apps/$appId/store/orders/$orderId');

export function StoreOrderPage() {
  useDocumentTitle('Order');
  const { appId, orderId } = storeOrderRoute.useParams();
  const orderQuery = useStoreOrder(appId, orderId);
  const connections = useStoreConnections(appId).data;
  const resend = useResendOrderEmail(appId);
  const makeLink = useCreateOrderPageLink(appId);
  const [link, setLink] = useState<OrderPageLink | null>(null);
  const order = orderQuery.data;
  const breadcrumb = <StoreBreadcrumb appId={appId} to="/apps/$appId/store" label="Orders" />;

  if (orderQuery.error instanceof ApiError && orderQuery.error.status === 404) {
    return (
      <div className="stack-lg">
        {breadcrumb}
        <PageHeader title="Order not found" description="It belongs to another application, or the link is wrong." />
      </div>
    );
  }

  return (
    <div className="stack-lg">
      <div className="stack-sm">
        {breadcrumb}
        <PageHeader
          title={order?.productName ? `Order: ${order.productName}` : 'Order'}
          description="Its keys, the buyer’s email and every event the store sent about it."
          actions={
            order ? (
              <>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={makeLink.isPending}
                  onClick={() =>
                    void makeLink
                      .mutateAsync(order.id)
                      .then(setLink)
                      .catch((error: unknown) => toast.error(error))
                  }
                >
                  Order page link
                </button>
                {order.buyerEmail ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={resend.isPending}
                    onClick={() =>
                      void resend
                        .mutateAsync(order.id)
                        .then(() => toast.success(`Order email queued for ${order.buyerEmail}`))
                        .catch((error: unknown) => toast.error(error))
                    }
                  >
                    Resend email
                  </button>
                ) : null}
              </>
            ) : null
          }
        />
      </div>
      <ErrorAlert error={orderQuery.error} title="Could not load the order" />
      {order ? (
        <>
          <OrderDetails
            appId={appId}
            order={order}
            connection={connections?.find((connection) => connection.id === order.connectionId)}
          />
          <section className="stack" aria-labelledby="order-events-heading">
            <h2 id="order-events-heading">Events</h2>
            <OrderEventsTable appId={appId} events={order.events} connections={connections} />
          </section>
        </>
      ) : orderQuery.error ? null : (
        <Skeleton height="16rem" />
      )}
      <OrderLinkDialog link={link} onClose={() => setLink(null)} />
    </div>
  );
}
