import type { StoreOrderStatus } from '@latchkey/contracts';
import type { BadgeTone } from '@/components/ui/status-badge';

/** What the buyer reads about the order, and whether its keys still work. */
export const ORDER_STATUS_TEXT: Record<StoreOrderStatus, { label: string; tone: BadgeTone; keysWork: boolean }> = {
  paid: { label: 'Paid', tone: 'success', keysWork: true },
  active: { label: 'Active subscription', tone: 'success', keysWork: true },
  ending: { label: 'Cancelled: ends at the period’s end', tone: 'warning', keysWork: true },
  ended: { label: 'Ended', tone: 'neutral', keysWork: false },
  refunded: { label: 'Refunded', tone: 'danger', keysWork: false },
  chargeback: { label: 'Disputed', tone: 'danger', keysWork: false },
};
