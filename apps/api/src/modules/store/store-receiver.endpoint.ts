import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ERROR_TABLE, type ErrorCode, type StoreProvider } from '@latchkey/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { decryptWithMasterKey } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import { isUuid } from '../../common/id-param.js';
import { isStorableText } from '../../common/input/hostile-input.js';
import { sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import { RateCounter } from '../rate-limit/rate-counter.js';
import { rateLimitSubject } from '../rate-limit/rate-limit-subject.js';
import { connectorFor } from './connectors/index.js';
import {
  type NormalizedStoreEvent,
  StoreEventUnreadable,
  type StoreRequest,
  StoreSignatureError,
} from './connectors/store-connector.js';
import { RECEIVING_CONNECTION, type ReceivingConnectionRow } from './store.queries.js';
import { StoreFulfilment } from './store-fulfilment.js';
import { StoreRefusal } from './store-refusal.js';

const THROTTLER_NAME = 'store-webhook';

/**
 * `POST /store/webhooks/{connectionId}` (store-receiver-server.ts serves it):
 * the IP's rate limit, the connection (unknown: 404; disabled: recorded and
 * 404), the connection's rate limit, the signature over the exact bytes
 * received (refused: recorded without reading the body, 400), the event read
 * by the store's connector (unreadable: recorded, 400), then fulfilment. A
 * refusal is answered in the contract's envelope; an applied, duplicate or
 * ignored event gets the connector's answer with the order's keys.
 */
@Injectable()
export class StoreReceiverEndpoint {
  private readonly logger = new Logger('StoreReceiver');
  private readonly limit: number;
  private readonly masterKey: Buffer;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rateCounter: RateCounter,
    private readonly fulfilment: StoreFulfilment,
  ) {
    this.limit = config.STORE_WEBHOOK_RATE_LIMIT_PER_MINUTE;
    this.masterKey = config.masterKey;
  }

  async handle(request: FastifyRequest<{ Params: { connectionId: string } }>, reply: FastifyReply): Promise<void> {
    const receivedAt = new Date();
    try {
      await this.countCall('ip', rateLimitSubject(request.ip));
      const connectionId = request.params.connectionId;
      const connection = isUuid(connectionId) ? await this.connection(connectionId) : undefined;
      const connector = connection && connectorFor(connection.provider as StoreProvider);
      if (!connection || !connector) return refuse(reply, 'NOT_FOUND');
      const source = { connectionId: connection.id, appId: connection.app_id, provider: connector.provider };
      if (!connection.enabled) {
        await this.fulfilment.recordRefusal(this.dataSource.manager, source, {
          eventId: null,
          kind: null,
          reason: 'The connection is disabled',
        });
        return refuse(reply, 'NOT_FOUND');
      }
      await this.countCall('connection', connection.id);
      const storeRequest: StoreRequest = { rawBody: rawBodyOf(request), headers: headersOf(request), receivedAt };
      const refused = (code: ErrorCode, eventId: string | null, kind: string | null, reason: string) =>
        this.fulfilment
          .recordRefusal(this.dataSource.manager, source, { eventId, kind, reason })
          .then(() => refuse(reply, code));
      try {
        connector.verify(
          storeRequest,
          decryptWithMasterKey(this.masterKey, connection.signing_secret).toString('utf8'),
        );
      } catch (err) {
        if (!(err instanceof StoreSignatureError)) throw err;
        return refused('STORE_SIGNATURE_INVALID', null, null, `Invalid signature: ${err.message}`);
      }
      let event;
      try {
        event = storable(connector.parse(storeRequest));
      } catch (err) {
        if (!(err instanceof StoreEventUnreadable)) throw err;
        return refused('STORE_EVENT_UNREADABLE', null, null, `Unreadable: ${err.message}`);
      }
      try {
        const { keys } = await this.fulfilment.apply({ ...source, ip: request.ip }, event);
        const answer = connector.answer(keys);
        return reply.status(200).header('content-type', answer.contentType).send(answer.body);
      } catch (err) {
        if (!(err instanceof StoreRefusal)) throw err;
        return refused(err.code, event.eventId, event.kind, err.reason);
      }
    } catch (err) {
      if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') {
        reply.header('retry-after', String(err.retryAfterSeconds ?? 60));
        return refuse(reply, 'TOO_MANY_REQUESTS');
      }
      // Never the body or headers: they hold the buyer's details and the signature.
      this.logger.error(`store event not handled: ${(err as Error).message}`);
      return refuse(reply, 'SERVICE_UNAVAILABLE');
    }
  }

  private async connection(id: string): Promise<ReceivingConnectionRow | undefined> {
    const [row] = await sqlRows<ReceivingConnectionRow>(this.dataSource, RECEIVING_CONNECTION, [id]);
    return row;
  }

  private async countCall(scope: 'ip' | 'connection', subject: string): Promise<void> {
    if (this.limit > 0) await this.rateCounter.count(THROTTLER_NAME, `latchkey:store-${scope}:${subject}`, this.limit);
  }
}

/** The contract's error envelope with the code's status and message. */
export function refuse(reply: FastifyReply, code: ErrorCode) {
  const [status, message] = ERROR_TABLE[code];
  return reply
    .status(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ success: false, message, code }));
}

/** The event, when every text in it can be stored (no NUL, no lone surrogate); else unreadable. */
function storable(event: NormalizedStoreEvent): NormalizedStoreEvent {
  const texts = [event.eventId, event.orderId, event.subscriptionId, event.productId, event.currency, event.buyerEmail];
  const all = [...texts, event.reason, ...event.relatedIds];
  if (all.some((text) => text !== null && !isStorableText(text))) {
    throw new StoreEventUnreadable('A field holds a NUL character or an unpaired surrogate');
  }
  return event;
}

function rawBodyOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

/** Header names in lower case (Node gives them so), repeated values joined as Node joins them. */
function headersOf(request: FastifyRequest): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = Object.create(null);
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
