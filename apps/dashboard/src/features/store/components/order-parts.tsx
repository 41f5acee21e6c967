import type { StoreOrder } from '@latchkey/contracts';
import { Badge } from '@/components/ui/status-badge';
import { ORDER_STATUS_BADGES } from '../utils/store-words';

/** An order's status, and why when a refund, chargeback or cancellation changed it. */
export function OrderStatus({ order }: { order: Pick<StoreOrder, 'status' | 'statusReason'> }) {
  const badge = ORDER_STATUS_BADGES[order.status];
  return (
    <span className="store-stack">
      <Badge tone={badge.tone}>{badge.label}</Badge>
      {order.statusReason ? <span className="store-reason">{order.statusReason}</span> : null}
    </span>
  );
}
