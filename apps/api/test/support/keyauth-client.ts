import { createHmac, createPublicKey, verify } from 'node:crypto';
import { BASE_URL } from './http.js';

/*
 * A KeyAuth-style client, written for these tests from the protocol
 * (../shared/spec/keyauth-compat.md), checking answers the way the official
 * clients do: 1.3 an Ed25519 signature of timestamp + body with the app's
 * public key (hex, as the clients embed it) and a timestamp at most 20 s old
 * plus 5 s of slack, a success carrying `code` 68, an authentication answer
 * never `Initialized`; 1.2 an HMAC-SHA256 of the body under the secret
 * (init) or `enckey-secret` (after).
 */

export type KeyAuthVersion = '1.3' | '1.2';

/** How old a 1.3 answer may be: the Python client's 20 s and 5 s of buffer. */
export const MAX_ANSWER_AGE_SECONDS = 25;

/** The SPKI DER header of a raw Ed25519 public key. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Whether a 1.3 answer is genuine and fresh at `nowSeconds`. */
export function verify13(
  publicKeyHex: string,
  answer: { body: string; signature: string | null; timestamp: string | null },
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!answer.signature || !answer.timestamp || !/^\d+$/.test(answer.timestamp)) return false;
  if (nowSeconds - Number(answer.timestamp) > MAX_ANSWER_AGE_SECONDS) return false;
  const key = createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(publicKeyHex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
  return verify(null, Buffer.from(answer.timestamp + answer.body), key, Buffer.from(answer.signature, 'hex'));
}

/** Whether a 1.2 answer's `signature` is the HMAC of its body under `key`. */
export function verify12(key: string, body: string, signature: string | null): boolean {
  return signature === createHmac('sha256', key).update(body).digest('hex');
}

const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };

/** The fields as a multipart body (fetch sets the boundary). */
function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

export interface KeyAuthAnswer {
  status: number;
  body: string;
  /** the parsed body; null for the plain `KeyAuth_Invalid` */
  json: Record<string, any> | null;
  /** the signature checked as the official clients check it */
  verified: boolean;
  headers: Headers;
}

export interface KeyAuthClientOptions {
  version: KeyAuthVersion;
  ownerId: string;
  name: string;
  /** 1.3: the app's Ed25519 public key in hex */
  publicKeyHex?: string;
  /** 1.2: the app secret */
  secret?: string;
  /** 1.2: what `init` sends as `enckey` */
  enckey?: string;
  /** send fields in the query string instead of the form body */
  inQuery?: boolean;
  /** send the body as `multipart/form-data`, as PHP curl posting an array does */
  multipart?: boolean;
  /** the service's address; default the suite's shared API */
  baseUrl?: string;
}

export class KeyAuthClient {
  sessionId = '';

  constructor(private readonly options: KeyAuthClientOptions) {}

  get url(): string {
    return `${this.options.baseUrl ?? BASE_URL}/api/${this.options.version}/`;
  }

  /** One request, `fields` form-encoded (or in the query string), with name, ownerid and sessionid. */
  async request(type: string, fields: Record<string, string> = {}, method: 'POST' | 'GET' = 'POST') {
    const all: Record<string, string> = {
      type,
      ...fields,
      name: this.options.name,
      ownerid: this.options.ownerId,
      ...(type === 'init' || !this.sessionId ? {} : { sessionid: this.sessionId }),
    };
    if (type === 'init' && this.options.version === '1.2' && this.options.enckey) all.enckey = this.options.enckey;
    const form = new URLSearchParams(all).toString();
    const inQuery = this.options.inQuery || method === 'GET';
    const response = await fetch(inQuery ? `${this.url}?${form}` : this.url, {
      method,
      ...(inQuery ? {} : this.options.multipart ? { body: formData(all) } : { headers: FORM_HEADERS, body: form }),
    });
    const body = await response.text();
    let json: Record<string, any> | null = null;
    try {
      json = JSON.parse(body);
    } catch {
      // KeyAuth_Invalid is plain text
    }
    const answer: KeyAuthAnswer = { status: response.status, body, json, verified: false, headers: response.headers };
    answer.verified = this.verifies(type, answer);
    return answer;
  }

  /** `init`, keeping the session id. */
  async init(fields: Record<string, string> = {}): Promise<KeyAuthAnswer> {
    this.sessionId = '';
    const answer = await this.request('init', fields);
    if (answer.json?.success) this.sessionId = answer.json.sessionid;
    return answer;
  }

  private verifies(type: string, answer: KeyAuthAnswer): boolean {
    if (answer.json === null) return false;
    if (this.options.version === '1.2') {
      const secret = this.options.secret!;
      const key = type === 'init' || !this.options.enckey ? secret : `${this.options.enckey}-${secret}`;
      return verify12(key, answer.body, answer.headers.get('signature'));
    }
    const genuine = verify13(this.options.publicKeyHex!, {
      body: answer.body,
      signature: answer.headers.get('x-signature-ed25519'),
      timestamp: answer.headers.get('x-signature-timestamp'),
    });
    // The C++ client's own checks: a success carries code 68; an authentication never answers "Initialized".
    if (answer.json.success && answer.json.code !== 68) return false;
    if (['register', 'login', 'license'].includes(type) && answer.json.message === 'Initialized') return false;
    return genuine;
  }
}
