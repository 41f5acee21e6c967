import type { StoreConnection, StoreOrderDetail } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { EmailText } from '@/components/ui/email-text';
import { Badge } from '@/components/ui/status-badge';
import { formatAmount } from '../utils/amount';
import { EMAIL_STATUS_BADGES, PROVIDER_LABELS } from '../utils/store-words';
import { OrderStatus } from './order-parts';

/** An order at a glance: buyer, store, product, amount, status, the order email, and its keys. */
export function OrderDetails({
  appId,
  order,
  connection,
}: {
  appId: string;
  order: StoreOrderDetail;
  connection: StoreConnection | undefined;
}) {
  const email = EMAIL_STATUS_BADGES[order.emailStatus];
  return (
    <div className="stack">
      {order.emailStatus === 'failed' ? (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">The order email could not be sent</p>
          <p className="break">{order.emailError ?? 'The mail server refused it.'}</p>
          <p>The buyer still gets the keys from the order page. Resend the email once the mail settings are fixed.</p>
        </div>
      ) : null}
      <div className="card">
        <dl className="details">
          <dt>Buyer</dt>
          <dd>{order.buyerEmail ? <EmailText email={order.buyerEmail} /> : <span className="muted">No email</span>}</dd>
          <dt>Store order ID</dt>
          <dd>
            <code className="break">{order.externalOrderId}</code>
          </dd>
          <dt>Store</dt>
          <dd>
            {connection ? (
              <Link to="/apps/$appId/store/connections/$connectionId" params={{ appId, connectionId: connection.id }}>
                {connection.name}
              </Link>
            ) : null}{' '}
            <span className="muted">{PROVIDER_LABELS[order.provider]}</span>
          </dd>
          <dt>Product</dt>
          <dd>{order.productName ?? <span className="muted">—</span>}</dd>
          <dt>Amount</dt>
          <dd>
            {formatAmount(order.amount, order.currency)}
            {order.quantity > 1 ? <span className="muted"> for {order.quantity} units</span> : null}
          </dd>
          <dt>Status</dt>
          <dd>
            <OrderStatus order={order} />
          </dd>
          {order.subscriptionId ? (
            <>
              <dt>Subscription</dt>
              <dd>
                <code className="break">{order.subscriptionId}</code>
                {order.periodEndsAt ? (
                  <span className="store-sub">
                    Paid until <DateTime value={order.periodEndsAt} />
                  </span>
                ) : null}
              </dd>
            </>
          ) : null}
          <dt>Email</dt>
          <dd>
            <Badge tone={email.tone}>{email.label}</Badge>
            {order.emailError && order.emailStatus !== 'failed' ? (
              <span className="store-reason">{order.emailError}</span>
            ) : null}
          </dd>
          <dt>Ordered</dt>
          <dd>
            <DateTime value={order.createdAt} />
          </dd>
        </dl>
      </div>
      <section className="card stack-sm" aria-labelledby="order-keys-heading">
        <h2 id="order-keys-heading">Keys</h2>
        {order.keys.length === 0 ? (
          <p className="muted">This order made no keys.</p>
        ) : (
          <ul className="store-keys-list" aria-label="Keys of this order">
            {order.keys.map((key) => (
              <li key={key.licenseId}>
                <code>{key.key}</code>
                <CopyButton
                  value={key.key}
                  className="button button-ghost button-small"
                  accessibleLabel={`Copy ${key.key}`}
                  copiedMessage="Key copied"
                />
                <Link to="/apps/$appId/licenses" params={{ appId }} search={{ search: key.key }} className="small">
                  In Licenses
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
