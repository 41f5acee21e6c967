import type { OrderPage } from '@latchkey/contracts';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { Badge } from '@/components/ui/status-badge';
import { ORDER_STATUS_TEXT } from './order-status';
import './order-page.css';

/**
 * The buyer's order: the vendor's app and product, each key with a copy
 * button, the status (keys of a refunded, disputed or ended order show as
 * revoked), and the download and renewal links. Phone first: one column,
 * keys wrap, buttons full width on narrow screens.
 */
export function OrderPageView({ order }: { order: OrderPage }) {
  const status = ORDER_STATUS_TEXT[order.status];
  const revoked = !status.keysWork;
  return (
    <div className="order-page stack">
      <header className="order-page-header">
        <p className="muted order-page-kicker">Your order</p>
        <h1 className="break">{order.appName}</h1>
        {order.productName ? <p className="order-page-product break">{order.productName}</p> : null}
        <div className="order-page-meta">
          <Badge tone={status.tone}>{status.label}</Badge>
          <span className="muted">
            Bought <DateTime value={order.createdAt} />
          </span>
        </div>
      </header>

      <section aria-labelledby="order-keys-title" className="stack">
        <h2 id="order-keys-title">{order.keys.length === 1 ? 'Your key' : `Your ${order.keys.length} keys`}</h2>
        {revoked ? (
          <p className="alert alert-error" role="status">
            {order.status === 'ended'
              ? 'This subscription has ended: its keys no longer work.'
              : 'This order was refunded or disputed: its keys are revoked.'}
          </p>
        ) : null}
        <ul className="order-keys" data-testid="order-keys">
          {order.keys.map((key) => (
            <li key={key} className={revoked ? 'order-key order-key-revoked' : 'order-key'}>
              <code className="order-key-text">{key}</code>
              {revoked ? (
                <Badge tone="danger">Revoked</Badge>
              ) : (
                <CopyButton value={key} copiedMessage="Key copied" accessibleLabel={`Copy key ${key}`} />
              )}
            </li>
          ))}
        </ul>
      </section>

      {order.downloadUrl || order.renewalUrl || order.supportUrl ? (
        <nav className="order-links" aria-label="Links">
          {order.downloadUrl && !revoked ? (
            <a className="button button-primary" href={order.downloadUrl} rel="noopener noreferrer">
              Download {order.appName}
            </a>
          ) : null}
          {order.renewalUrl ? (
            <a className="button button-secondary" href={order.renewalUrl} rel="noopener noreferrer">
              {order.status === 'paid' ? 'Buy again' : 'Renew'}
            </a>
          ) : null}
          {order.supportUrl ? (
            <a className="button button-secondary" href={order.supportUrl} rel="noopener noreferrer">
              Support
            </a>
          ) : null}
        </nav>
      ) : null}

      <p className="muted order-page-note">
        Keep your keys somewhere safe. This link stops working <DateTime value={order.expiresAt} />.
      </p>
    </div>
  );
}
