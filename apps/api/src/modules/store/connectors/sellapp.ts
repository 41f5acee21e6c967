import {
  blankEvent,
  currency,
  email,
  type Fields,
  hexHmac,
  hexHmacMatches,
  id,
  isObject,
  jsonObject,
  minorAmount,
  notActedOn,
  object,
  objects,
  quantity,
  requiredId,
  text,
  textKeysAnswer,
} from './payload.js';
import {
  type NormalizedStoreEvent,
  type StoreConnector,
  StoreEventUnreadable,
  type StoreRequest,
  StoreSignatureError,
} from './store-connector.js';

export const SELLAPP_SIGNATURE_HEADER = 'signature';

/** The `signature` header SellApp sends for `body`, for fixtures and tests. */
export function sellAppSignature(secret: string, body: Buffer | string): string {
  return hexHmac('sha256', secret, [body]);
}

/**
 * SellApp (docs/selling.md, "SellApp"): the `signature` header is the hex
 * HMAC-SHA256 of the raw body with the store's webhook secret.
 *
 * - A dynamic webhook (a body without `event`, or `{ data }` with the
 *   invoice): a purchase of the product variant it names; the answer is the
 *   keys as text, one per line, which SellApp delivers to the buyer.
 * - `order.completed` (store webhooks): the same purchase, for a product
 *   delivered otherwise (the keys go out by the order page and email).
 * - `order.disputed`: a chargeback. SellApp sends no refund event.
 *
 * SellApp documents the invoice model but not the dynamic webhook's body;
 * what is read, and from where, is in docs/decisions/store-connectors.md.
 */
export class SellAppConnector implements StoreConnector {
  readonly provider = 'sellapp' as const;

  verify(request: StoreRequest, secret: string): void {
    const signature = request.headers[SELLAPP_SIGNATURE_HEADER];
    if (!signature) throw new StoreSignatureError('The signature header is missing');
    if (!hexHmacMatches('sha256', secret, [request.rawBody], signature)) {
      throw new StoreSignatureError('The signature does not match the body');
    }
  }

  parse(request: StoreRequest): NormalizedStoreEvent {
    const body = jsonObject(request.rawBody, 'SellApp');
    const name = text(body, 'event');
    const invoice = isObject(body['data']) ? body['data'] : body;
    switch (name) {
      case null:
        return purchase('dynamic', invoice);
      case 'order.completed':
        return purchase(name, invoice);
      case 'order.disputed': {
        const invoiceId = requiredId(invoice, 'id', 'The invoice');
        return {
          ...blankEvent(`${name}:${invoiceId}`),
          kind: 'chargeback',
          orderId: invoiceId,
          reason: 'Dispute opened',
        };
      }
      default:
        return { ...blankEvent(`${name}:${id(invoice, 'id') ?? 'none'}`), reason: notActedOn(name) };
    }
  }

  answer(keys: readonly string[]) {
    return textKeysAnswer(keys);
  }
}

interface Line {
  variantId: string;
  quantity: unknown;
}

/** The variants an invoice lists: `product_variants` as `{ "<id>": { quantity } }` or a list, or `products`. */
function listedVariants(invoice: Fields): Line[] {
  const map = invoice['product_variants'];
  if (isObject(map)) {
    return Object.entries(map).map(([variantId, line]) => ({
      variantId,
      quantity: isObject(line) ? line['quantity'] : undefined,
    }));
  }
  const list = Array.isArray(map) ? map.filter(isObject) : objects(invoice, 'products');
  return list
    .map((line) => ({
      variantId: id(line, 'product_variant_id') ?? id(line, 'variant_id') ?? id(line, 'id') ?? '',
      quantity: line['quantity'],
    }))
    .filter((line) => line.variantId !== '');
}

/** The variant the request is for: named by the body itself, else the invoice's only one. */
function deliveredLine(invoice: Fields, listed: Line[]): Line {
  const named = id(invoice, 'product_variant_id') ?? id(invoice, 'variant_id') ?? id(object(invoice, 'variant'), 'id');
  if (named) {
    return { variantId: named, quantity: invoice['quantity'] ?? listed.find((l) => l.variantId === named)?.quantity };
  }
  if (listed.length === 1) return listed[0]!;
  throw new StoreEventUnreadable(
    'The invoice names no single product variant (product_variant_id, variant_id, product_variants)',
  );
}

function purchase(name: string, invoice: Fields): NormalizedStoreEvent {
  const invoiceId = requiredId(invoice, 'id', 'The invoice');
  const listed = listedVariants(invoice);
  const line = deliveredLine(invoice, listed);
  const payment = object(invoice, 'payment');
  const subtotal = object(payment, 'subtotal');
  const gatewayTotal = object(object(object(payment, 'gateway'), 'data'), 'total');
  const total = Object.keys(gatewayTotal).length > 0 ? gatewayTotal : subtotal;
  const buyer =
    email(object(invoice, 'customer_information')['email']) ??
    email(invoice['customer_email']) ??
    email(object(object(payment, 'gateway'), 'data')['customer_email']);
  // One invoice may buy several variants; each is then an order of its own.
  const orderId = listed.length > 1 ? `${invoiceId}:${line.variantId}` : invoiceId;
  return {
    ...blankEvent(`${name}:${invoiceId}:${line.variantId}`),
    kind: 'purchase',
    orderId,
    productId: line.variantId,
    quantity: quantity(line.quantity ?? total['units']),
    amount: minorAmount(object(total, 'total')['inclusive'] ?? total['base']),
    currency: currency(total, 'currency'),
    buyerEmail: buyer,
  };
}
