import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOrderPage } from '../api/get-order-page';
import { OrderPageView } from './order-page-view';
import './order-page.css';

/** The public page at `/order/$token`: no sign-in, the vendor's name first, Latchkey's nowhere. */
export function OrderPageScreen({ token }: { token: string }) {
  const order = useOrderPage(token);
  useDocumentTitle(order.data ? `Your order · ${order.data.appName}` : 'Your order');
  const dead = order.error instanceof ApiError && order.error.status === 404;

  return (
    <main className="order-shell">
      <div className="card order-card">
        {order.isPending ? <Skeleton height="12em" /> : null}
        {dead ? (
          <div className="stack">
            <h1>Link expired</h1>
            <p className="alert alert-error" role="alert">
              This order link is not valid or has expired. Open the link in your order email, or go back to the store’s
              receipt for a new one.
            </p>
          </div>
        ) : (
          <ErrorAlert error={order.error} title="Could not load your order" />
        )}
        {order.data ? <OrderPageView order={order.data} /> : null}
      </div>
    </main>
  );
}
