import type { KeyAuthVersion } from '@latchkey/contracts';
import type { FastifyReply } from 'fastify';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import type { KeyAuthApp } from './keyauth-app.js';
import { answerNonce, asciiJson, hmacKey, hmacSignature, SUCCESS_CODE } from './keyauth-wire.js';

/* A KeyAuth call and its answer, shared by the endpoint and the session-gated types (KeyAuthSessionCalls). */

/** One KeyAuth call, its app found and switched on. */
export interface KeyAuthCall {
  version: KeyAuthVersion;
  keyauth: KeyAuthApp;
  app: CachedApp;
  fields: Map<string, string>;
  ip: string;
  origin: string | null;
  /** the session's `enckey` once found: the 1.2 HMAC key of every answer after `init` */
  enckey: string | null;
}

/** An answer before the protocol's own fields (nonce, ownerid, code) and its signature are added. */
export interface KeyAuthAnswer {
  success: boolean;
  message: string;
  fields?: Record<string, unknown>;
  /** 429 on a rate limit; 200 otherwise (KeyAuth clients treat any other status as fatal) */
  status?: number;
  retryAfterSeconds?: number;
}

/** A refusal in KeyAuth's own words, answered `success: false`. */
export class KeyAuthRefusal extends Error {}

/** Writes the answer with the protocol's fields, signed as the call's version signs. */
export async function sendAnswer(reply: FastifyReply, call: KeyAuthCall, answer: KeyAuthAnswer): Promise<void> {
  const { version, keyauth, app } = call;
  const body = asciiJson({
    success: answer.success,
    message: answer.message,
    ...answer.fields,
    nonce: answerNonce(),
    ...(version === '1.3' ? { ownerid: keyauth.ownerId } : {}),
    ...(version === '1.3' && answer.success ? { code: SUCCESS_CODE } : {}),
  });
  reply.status(answer.status ?? 200).header('content-type', 'application/json; charset=utf-8');
  if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
  if (version === '1.3') {
    const timestamp = String(Math.floor(Date.now() / 1000));
    reply.header('x-signature-ed25519', await app.responseSigner.sign(timestamp, body));
    reply.header('x-signature-timestamp', timestamp);
  } else {
    reply.header('signature', hmacSignature(hmacKey(keyauth.secret!, call.enckey), body));
  }
  reply.send(body);
}
