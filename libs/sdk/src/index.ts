import { createPublicKey, verify } from 'node:crypto';
import {
  SIGNATURE_HEADER,
  SIGNATURE_TIMESTAMP_HEADER,
  type CheckData,
  type ClientEnvelope,
  type ClientUser,
  type InitData,
  type SessionResult,
  type VarData,
} from '@latchkey/contracts';

export * from '@latchkey/contracts';

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Verifies `X-Signature-Ed25519` over `timestamp + body` with the app's base64 public key. */
export function verifySignature(
  publicKeyBase64: string,
  timestamp: string,
  body: string,
  signatureHex: string,
): boolean {
  const raw = Buffer.from(publicKeyBase64, 'base64');
  if (raw.length !== 32 || !/^[0-9a-f]{128}$/i.test(signatureHex)) return false;
  const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
  return verify(null, Buffer.from(timestamp + body), key, Buffer.from(signatureHex, 'hex'));
}

export class SignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureError';
  }
}

export interface ClientOptions {
  /** e.g. `https://licensing.example.com` (without `/v1`) */
  baseUrl: string;
  appId: string;
  apiKey: string;
  /**
   * The app's public key. When given, every response must carry a valid
   * signature no older than `maxSkewSeconds`, or the call throws SignatureError.
   */
  publicKey?: string;
  maxSkewSeconds?: number;
}

export interface ClientResponse<T> {
  status: number;
  body: ClientEnvelope<T>;
  /** true when a signature was present and verified */
  verified: boolean;
}

/** A client for `POST /v1`, as desktop software would use it. */
export class LatchkeyClient {
  constructor(private readonly options: ClientOptions) {}

  /** Sends any body (the credentials are added) and returns status, envelope and signature check. */
  async call<T = Record<string, unknown>>(fields: Record<string, unknown>): Promise<ClientResponse<T>> {
    const response = await fetch(`${this.options.baseUrl}/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appId: this.options.appId, apiKey: this.options.apiKey, ...fields }),
    });
    const text = await response.text();
    const verified = this.checkSignature(response.headers, text);
    return { status: response.status, body: JSON.parse(text) as ClientEnvelope<T>, verified };
  }

  init() {
    return this.call<InitData>({ type: 'init' });
  }
  register(username: string, password: string, licenseKey: string, hwid?: string) {
    return this.call<SessionResult>({ type: 'register', username, password, licenseKey, hwid });
  }
  login(username: string, password: string, hwid?: string) {
    return this.call<SessionResult>({ type: 'login', username, password, hwid });
  }
  license(licenseKey: string, hwid?: string) {
    return this.call<SessionResult>({ type: 'license', licenseKey, hwid });
  }
  upgrade(username: string, licenseKey: string) {
    return this.call<{ user: ClientUser }>({ type: 'upgrade', username, licenseKey });
  }
  check(sessionToken: string) {
    return this.call<CheckData>({ type: 'check', sessionToken });
  }
  heartbeat(sessionToken: string) {
    return this.call<{ expiresAt: string }>({ type: 'heartbeat', sessionToken });
  }
  logout(sessionToken: string) {
    return this.call<Record<string, never>>({ type: 'logout', sessionToken });
  }
  variable(sessionToken: string, key: string) {
    return this.call<VarData>({ type: 'var', sessionToken, key });
  }
  log(sessionToken: string, message: string) {
    return this.call<Record<string, never>>({ type: 'log', sessionToken, message });
  }

  private checkSignature(headers: Headers, body: string): boolean {
    const signature = headers.get(SIGNATURE_HEADER);
    const timestamp = headers.get(SIGNATURE_TIMESTAMP_HEADER);
    const { publicKey, maxSkewSeconds = 300 } = this.options;
    if (!publicKey) return false;
    if (!signature || !timestamp) throw new SignatureError('response is not signed');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > maxSkewSeconds) {
      throw new SignatureError('response signature timestamp is too far from now');
    }
    if (!verifySignature(publicKey, timestamp, body, signature))
      throw new SignatureError('response signature is invalid');
    return true;
  }
}
