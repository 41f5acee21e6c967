import { Injectable, Logger } from '@nestjs/common';
import {
  SELLER_ACTOR,
  SELLER_AUDIT_PREFIX,
  SELLER_CALLS,
  SellerLimits,
  type SellerCall as SellerCallName,
} from '@latchkey/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors.js';
import { findHostileInput } from '../../common/input/hostile-input.js';
import { Config } from '../../config/config.js';
import { AuditService } from '../audit/audit.service.js';
import { RateCounter } from '../rate-limit/rate-counter.js';
import { rateLimitSubject } from '../rate-limit/rate-limit-subject.js';
import type { SellerCall } from './keyauth-seller-call.js';
import { KeyAuthSellerKeyCalls } from './keyauth-seller-key-calls.js';
import { KeyAuthSellerUserCalls } from './keyauth-seller-user-calls.js';
import { type SellerAnswer, SellerRefusal, SellerText, sendSellerAnswer } from './keyauth-seller-wire.js';
import { requestFields } from './keyauth-wire.js';
import { type SellerKeyMatch, SellerKeyService } from './seller-key.service.js';

const THROTTLER_NAME = 'keyauth-seller';

/**
 * `/api/seller/`: KeyAuth's seller API for shops, Discord bots and seller
 * panels (docs/migrating-from-keyauth.md, "Seller API"). In order: the
 * caller's IP is rate limited, the fields are checked for hostile input, the
 * seller key names the app (refused while KeyAuth compatibility is off), the
 * key is rate limited, then the type is served through the console's services.
 * Every call that names an app is audited once (`seller.<type>`), never with its key.
 */
@Injectable()
export class KeyAuthSellerEndpoint {
  private readonly logger = new Logger('KeyAuthSellerEndpoint');
  private readonly limit: number;

  constructor(
    config: Config,
    private readonly sellerKeys: SellerKeyService,
    private readonly rateCounter: RateCounter,
    private readonly audit: AuditService,
    private readonly keyCalls: KeyAuthSellerKeyCalls,
    private readonly userCalls: KeyAuthSellerUserCalls,
  ) {
    this.limit = config.KEYAUTH_SELLER_RATE_LIMIT_PER_MINUTE;
  }

  async handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // A JSON body is a shop's order (dynamic delivery): its fields are not the call's.
    const json = request.headers['content-type']?.includes('application/json') ? request.body : null;
    const fields = requestFields(request.query, json === null ? request.body : undefined);
    let match: SellerKeyMatch | null = null;
    let answer: SellerAnswer;
    try {
      await this.countCall('ip', rateLimitSubject(request.ip));
      const hostile = findHostileInput(Object.fromEntries(fields), 'query');
      if (hostile) throw new SellerRefusal(hostile.message);
      if ([...fields.values()].some((value) => value.length > SellerLimits.fieldMax)) {
        throw new SellerRefusal(`Every field must be at most ${SellerLimits.fieldMax} characters`);
      }
      match = await this.sellerKeys.match(fields.get('sellerkey'));
      if (!match) throw new SellerRefusal(SellerText.sellerKeyNotFound, 404);
      if (!match.enabled) throw new SellerRefusal(SellerText.compatibilityOff, 403);
      await this.countCall('key', match.appId);
      await this.sellerKeys.touch(match);
      answer = await this.serve({
        appId: match.appId,
        type: fields.get('type') ?? '',
        fields,
        json,
        author: { email: SELLER_ACTOR, accountId: null, ip: request.ip },
      });
    } catch (err) {
      answer = this.failure(err);
    }
    if (match) await this.record(match.appId, fields.get('type'), answer, request.ip);
    sendSellerAnswer(reply, answer, fields.get('format'));
  }

  private async serve(call: SellerCall): Promise<SellerAnswer> {
    if (call.type === '') throw new SellerRefusal(SellerText.typeMissing);
    if (KeyAuthSellerKeyCalls.TYPES.has(call.type)) return this.keyCalls.serve(call);
    if (KeyAuthSellerUserCalls.TYPES.has(call.type)) return this.userCalls.serve(call);
    throw new SellerRefusal(SellerText.notServed(call.type));
  }

  private async countCall(scope: 'ip' | 'key', subject: string): Promise<void> {
    if (this.limit > 0) await this.rateCounter.count(THROTTLER_NAME, `latchkey:seller-${scope}:${subject}`, this.limit);
  }

  /** One audit entry per call: its type, outcome and, on a refusal, the message; never the seller key. */
  private async record(appId: string, type: string | undefined, answer: SellerAnswer, ip: string): Promise<void> {
    const call = type !== undefined && Object.hasOwn(SELLER_CALLS, type) ? (type as SellerCallName) : 'refused';
    await this.audit.record({
      appId,
      type: `${SELLER_AUDIT_PREFIX}.${call}`,
      actor: SELLER_ACTOR,
      actorId: null,
      ip,
      details: {
        type: type?.slice(0, 32) ?? null,
        outcome: answer.success ? 'success' : 'failure',
        ...(answer.success ? {} : { message: answer.message }),
      },
    });
  }

  private failure(err: unknown): SellerAnswer {
    if (err instanceof SellerRefusal) return { success: false, message: err.message, status: err.status };
    if (err instanceof AppError) {
      if (err.code === 'TOO_MANY_REQUESTS') {
        return {
          success: false,
          message: SellerText.tooFrequent,
          status: 429,
          retryAfterSeconds: err.retryAfterSeconds,
        };
      }
      return { success: false, message: err.message, status: err.status < 500 ? err.status : 400 };
    }
    this.logger.error(err);
    return { success: false, message: SellerText.unavailable, status: 503 };
  }
}
