// The store's enums in words: providers, order and email statuses, event
// kinds and outcomes, and what a vendor pastes from each store.
import type {
  OrderEmailStatus,
  StoreEventKind,
  StoreEventOutcome,
  StoreOrderStatus,
  StoreProvider,
} from '@latchkey/contracts';
import type { BadgeTone } from '@/components/ui/status-badge';

export const PROVIDER_LABELS: Record<StoreProvider, string> = {
  stripe: 'Stripe',
  paddle: 'Paddle Billing',
  lemonsqueezy: 'Lemon Squeezy',
  sellix: 'Sellix',
  sellapp: 'SellApp',
  generic: 'Signed webhook',
};

/** Where the vendor finds the store's webhook signing secret (every store but `generic`). */
export const SECRET_HINTS: Record<Exclude<StoreProvider, 'generic'>, string> = {
  stripe:
    'The endpoint’s signing secret (whsec_…) from Developers → Webhooks. Stripe makes it when you add the endpoint: add it, paste its secret here, then set its URL to the one shown next.',
  paddle:
    'The notification destination’s secret key (pdl_ntfset_…) from Developer tools → Notifications. Set the destination’s URL to the one shown next.',
  lemonsqueezy: 'The signing secret you type when you add the webhook under Settings → Webhooks (6 to 40 characters).',
  sellix: 'The webhook secret from your Sellix dashboard’s settings.',
  sellapp: 'The webhook secret from your SellApp dashboard’s settings.',
};

/** Which of the store's ids a product mapping names (docs/selling.md, each store's section). */
export const PRODUCT_ID_HINTS: Record<StoreProvider, string> = {
  stripe:
    'The Payment Link’s id (plink_…), or the value you put in metadata.latchkey_product on the Checkout Session or Payment Link.',
  paddle: 'The price’s id (pri_…) from Catalog → Products.',
  lemonsqueezy: 'The variant’s id (a number, under the product’s variants).',
  sellix: 'The product’s id (its uniqid) from Products.',
  sellapp: 'The product variant’s id (each SellApp product has at least one variant).',
  generic: 'The productId your checkout sends in the event.',
};

export const PRODUCT_ID_PLACEHOLDERS: Record<StoreProvider, string> = {
  stripe: 'plink_1Pq…',
  paddle: 'pri_01h…',
  lemonsqueezy: '123456',
  sellix: '6543a1b2c3d4e',
  sellapp: '98765',
  generic: 'pro-monthly',
};

export const ORDER_STATUS_BADGES: Record<StoreOrderStatus, { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'success' },
  active: { label: 'Active', tone: 'success' },
  ending: { label: 'Ends at period end', tone: 'warning' },
  ended: { label: 'Ended', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'danger' },
  chargeback: { label: 'Chargeback', tone: 'danger' },
};

export const EMAIL_STATUS_BADGES: Record<OrderEmailStatus, { label: string; tone: BadgeTone }> = {
  off: { label: 'No email', tone: 'neutral' },
  pending: { label: 'Sending', tone: 'info' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

export const EVENT_KIND_LABELS: Record<StoreEventKind, string> = {
  purchase: 'Purchase',
  renewal: 'Renewal',
  refund: 'Refund',
  chargeback: 'Chargeback',
  cancellation: 'Cancellation',
  ignored: 'Not acted on',
};

export const EVENT_OUTCOME_BADGES: Record<StoreEventOutcome, { label: string; tone: BadgeTone }> = {
  applied: { label: 'Applied', tone: 'success' },
  duplicate: { label: 'Duplicate', tone: 'info' },
  ignored: { label: 'Ignored', tone: 'neutral' },
  refused: { label: 'Refused', tone: 'danger' },
};
