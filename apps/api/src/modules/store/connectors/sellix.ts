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
  majorToMinor,
  notActedOn,
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

export const SELLIX_SIGNATURE_HEADERS = ['x-sellix-signature', 'x-sellix-unescaped-signature'] as const;
/** The product a `product:dynamic` request is for, when the order is a cart of several. */
export const SELLIX_PRODUCT_HEADER = 'x-sellix-product-id';

/** The `X-Sellix-Signature` Sellix sends for `body`, for fixtures and tests. */
export function sellixSignature(secret: string, body: Buffer | string): string {
  return hexHmac('sha512', secret, [body]);
}

/**
 * Sellix (docs/selling.md, "Sellix"): `X-Sellix-Signature` is the hex
 * HMAC-SHA512 of the raw body with the shop's webhook secret
 * (`X-Sellix-Unescaped-Signature`, the same over the JSON with unescaped
 * slashes, is accepted when it is the one matching the bytes received). The
 * event is the body's `event` (the `X-Sellix-Event` header is not signed).
 *
 * - `product:dynamic` (dynamic delivery) and `order:paid`: a purchase of the
 *   order's `product_id`; the answer to `product:dynamic` is the keys as text,
 *   one per line, which Sellix shows the buyer. A cart asks once per dynamic
 *   product (`X-Sellix-Product-Id`), each its own order `<uniqid>:<product>`.
 * - `order:disputed`: a chargeback; `order:updated` to `REFUNDED` a refund,
 *   to `REVERSED` a chargeback. Sellix orders have no id per event, so the id
 *   is the event name, the order's `uniqid` and (for updates) its status.
 */
export class SellixConnector implements StoreConnector {
  readonly provider = 'sellix' as const;

  verify(request: StoreRequest, secret: string): void {
    const presented = SELLIX_SIGNATURE_HEADERS.map((name) => request.headers[name]).filter(
      (value): value is string => !!value,
    );
    if (presented.length === 0) throw new StoreSignatureError('The X-Sellix-Signature header is missing');
    if (!presented.some((signature) => hexHmacMatches('sha512', secret, [request.rawBody], signature))) {
      throw new StoreSignatureError('The signature does not match the body');
    }
  }

  parse(request: StoreRequest): NormalizedStoreEvent {
    const body = jsonObject(request.rawBody, 'Sellix');
    const name = text(body, 'event');
    const order = body['data'];
    if (!name || !isObject(order)) throw new StoreEventUnreadable('The body is not a Sellix event (event, data)');
    switch (name) {
      case 'product:dynamic':
      case 'order:paid':
        return purchase(name, order, request.headers[SELLIX_PRODUCT_HEADER] ?? null);
      case 'order:disputed': {
        const uniqid = requiredId(order, 'uniqid', 'The order');
        return { ...blankEvent(`${name}:${uniqid}`), kind: 'chargeback', orderId: uniqid, reason: 'Dispute opened' };
      }
      case 'order:updated':
        return orderUpdated(order);
      default:
        return { ...blankEvent(`${name}:${id(order, 'uniqid') ?? 'none'}`), reason: notActedOn(name) };
    }
  }

  answer(keys: readonly string[]) {
    return textKeysAnswer(keys);
  }
}

function purchase(name: string, order: Fields, productHeader: string | null): NormalizedStoreEvent {
  const uniqid = requiredId(order, 'uniqid', 'The order');
  const paidIn = currency(order, 'currency');
  const buyer = { currency: paidIn, buyerEmail: email(order['customer_email']) };
  if (text(order, 'type') !== 'SHOPPING_CART') {
    const productId = requiredId(order, 'product_id', 'The order');
    return {
      ...blankEvent(`${name}:${uniqid}`),
      ...buyer,
      kind: 'purchase',
      orderId: uniqid,
      productId,
      quantity: quantity(order['quantity']),
      amount: majorToMinor(order['total'], paidIn),
    };
  }
  if (name === 'order:paid') {
    return {
      ...blankEvent(`${name}:${uniqid}`),
      orderId: uniqid,
      reason: 'A cart: each product is delivered by its own product:dynamic request',
    };
  }
  const items = cartItems(order);
  const item = items.find((candidate) => id(candidate, 'uniqid') === productHeader);
  if (!productHeader || !item) {
    throw new StoreEventUnreadable(`The ${SELLIX_PRODUCT_HEADER} header names no product of the cart`);
  }
  const units = quantity(item['unit_quantity']);
  const unitPrice = majorToMinor(item['unit_price'], paidIn);
  return {
    ...blankEvent(`${name}:${uniqid}:${productHeader}`),
    ...buyer,
    kind: 'purchase',
    orderId: `${uniqid}:${productHeader}`,
    productId: productHeader,
    quantity: units,
    amount: unitPrice === null ? null : unitPrice * units,
  };
}

/** A cart's products: `cart` as a list, or `cart.products`. */
function cartItems(order: Fields): Fields[] {
  const cart = order['cart'];
  if (Array.isArray(cart)) return cart.filter(isObject);
  return isObject(cart) ? objects(cart, 'products') : [];
}

function orderUpdated(order: Fields): NormalizedStoreEvent {
  const uniqid = requiredId(order, 'uniqid', 'The order');
  const status = text(order, 'status') ?? 'none';
  const event = { ...blankEvent(`order:updated:${uniqid}:${status.slice(0, 40)}`), orderId: uniqid };
  if (status === 'REFUNDED') return { ...event, kind: 'refund', reason: 'Refunded' };
  if (status === 'REVERSED') return { ...event, kind: 'chargeback', reason: 'The payment was reversed' };
  return { ...event, reason: `The order is ${status.slice(0, 40)}` };
}
