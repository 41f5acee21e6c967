import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { codeForAnswer, isClientCheckFailure, LatchkeyError, unsignedAnswerError } from './errors.js';
import { downloadFile, type DownloadedFile, type DownloadOptions, type Destination } from './download.js';
import type {
  CheckData,
  ClientRequestType,
  ClientUser,
  InitData,
  OfflineTicketClaims,
  SessionResult,
  UserVarData,
  UserVarsData,
  VarData,
} from './generated/client.js';
import type { FileData } from './generated/files.js';
import { fetchTransport, nodeTransport, readAll, type HttpResponse, type HttpTransport } from './http.js';
import { ed25519PublicKey, rawPublicKey } from './keys.js';
import { verifyTicket } from './ticket.js';
import { checkAnswer, newNonce, type ClientResponse } from './transport.js';

export interface LatchkeyOptions {
  /** where the service runs, e.g. `https://licensing.example.com` (a trailing `/v1` or `/` is accepted) */
  url: string;
  appId: string;
  apiKey: string;
  /** the app's public key (base64 of the raw 32-byte Ed25519 key, from the dashboard or admin API) */
  publicKey: string;
  /** how far a signed answer's timestamp may be from this machine's clock; default 30 */
  maxSkewSeconds?: number;
  /** per request; default 15000 */
  timeoutMs?: number;
  /** the clock, in milliseconds since the epoch; default Date.now */
  now?: () => number;
  /** an HTTP client to use instead of node:http(s), e.g. a proxy-aware fetch */
  fetch?: typeof fetch;
}

/** The session the client holds after register, login or license. */
export interface Session {
  token: string;
  /** when the session ends unless renewed by activity (ISO 8601) */
  expiresAt: string;
  user: ClientUser;
  /** offline ticket, when the app hands them out (see verifyTicket) */
  ticket?: string;
}

export interface HeartbeatOptions {
  /** between heartbeats; default 60000 (keep it below the app's sessionIdleSeconds) */
  intervalMs?: number;
  /** the service refused the session (ended, expired, banned): the timer stops */
  onLost?: (error: LatchkeyError) => void;
  /** a heartbeat failed without an answer about the session (network, signature, 429, 5xx): the timer goes on */
  onError?: (error: LatchkeyError) => void;
  /** let the process exit while the timer runs; default true */
  unref?: boolean;
}

export interface HeartbeatTimer {
  stop(): void;
}

/**
 * A client for `POST /v1` as vendors' software uses it. Every answer must be
 * signed with the app's key, fresh (timestamp within `maxSkewSeconds`) and
 * carry the nonce sent with its request, or the call throws LatchkeyError; a
 * refusal of the service throws LatchkeyError with the contract's status and
 * a stable `code`.
 */
export class Latchkey {
  private readonly endpoint: URL;
  private readonly publicKey: KeyObject;
  private readonly maxSkewSeconds: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly http: HttpTransport;
  private current: Session | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: LatchkeyOptions) {
    this.endpoint = endpointOf(options.url);
    this.publicKey = ed25519PublicKey(options.publicKey);
    this.maxSkewSeconds = options.maxSkewSeconds ?? 30;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.now = options.now ?? Date.now;
    this.http = options.fetch ? fetchTransport(options.fetch) : nodeTransport;
  }

  /** The session opened by the last register, login or license; null before and after logout. */
  get session(): Session | null {
    return this.current;
  }

  /** Continues a session kept from `session` elsewhere (e.g. saved by a previous run); `check()` tells whether it still holds. */
  useSession(session: Session): void {
    this.current = { ...session };
  }

  /** The app's name, version and update URL. */
  async init(): Promise<InitData> {
    return this.request<InitData>({ type: 'init' });
  }

  /** Creates an account with an unused key and opens a session. */
  async register(username: string, password: string, licenseKey: string, hwid?: string): Promise<SessionResult> {
    return this.open(await this.request<SessionResult>({ type: 'register', username, password, licenseKey, hwid }));
  }

  async login(username: string, password: string, hwid?: string): Promise<SessionResult> {
    return this.open(await this.request<SessionResult>({ type: 'login', username, password, hwid }));
  }

  /** Authenticates with a license key alone (activated on first use). */
  async license(licenseKey: string, hwid?: string): Promise<SessionResult> {
    return this.open(await this.request<SessionResult>({ type: 'license', licenseKey, hwid }));
  }

  /** Redeems an unused key for an existing account; answers the upgraded user. */
  async upgrade(username: string, password: string, licenseKey: string): Promise<ClientUser> {
    return (await this.request<{ user: ClientUser }>({ type: 'upgrade', username, password, licenseKey })).user;
  }

  /** Whether the session is still valid; refreshes the held user and ticket. */
  async check(): Promise<CheckData> {
    const data = await this.sessionRequest<CheckData>('check', {});
    if (this.current)
      this.current = { ...this.current, user: data.user, expiresAt: data.expiresAt, ticket: data.ticket };
    return data;
  }

  async heartbeat(): Promise<{ expiresAt: string }> {
    const data = await this.sessionRequest<{ expiresAt: string }>('heartbeat', {});
    if (this.current) this.current = { ...this.current, expiresAt: data.expiresAt };
    return data;
  }

  /**
   * Sends a heartbeat every `intervalMs` so the session does not go idle, and
   * reports its loss through `onLost`. Starting again replaces the timer.
   */
  startHeartbeat(options: HeartbeatOptions = {}): HeartbeatTimer {
    this.stopHeartbeat();
    const { intervalMs = 60_000, onLost, onError, unref = true } = options;
    const schedule = () => {
      const timer = setTimeout(async () => {
        try {
          await this.heartbeat();
        } catch (err) {
          const error =
            err instanceof LatchkeyError ? err : new LatchkeyError('NETWORK', String(err), 0, { cause: err });
          // A verified 401/403 is the service's word that the session is over; the rest may pass. An answer
          // that failed this side's checks (forged, stale, replayed) says nothing, whatever its status.
          const verifiedRefusal = (error.status === 401 || error.status === 403) && !isClientCheckFailure(error);
          if (verifiedRefusal || error.code === 'NO_SESSION') {
            this.heartbeatTimer = null;
            onLost?.(error);
            return;
          }
          onError?.(error);
        }
        if (this.heartbeatTimer === timer) schedule();
      }, intervalMs);
      if (unref) timer.unref();
      this.heartbeatTimer = timer;
    };
    schedule();
    return { stop: () => this.stopHeartbeat() };
  }

  stopHeartbeat(): void {
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  /** Ends the session on the service and forgets it here. */
  async logout(): Promise<void> {
    await this.sessionRequest('logout', {});
    this.stopHeartbeat();
    this.current = null;
  }

  /** A server-side variable's value. */
  async var(key: string): Promise<string> {
    return (await this.sessionRequest<VarData>('var', { key })).value;
  }

  /** One of the user's own variables (VARIABLE_NOT_FOUND when it has none by that key). */
  async userVar(key: string): Promise<string> {
    return (await this.sessionRequest<UserVarData>('uservar', { key })).value;
  }

  /** Every variable of the user, by key. */
  async userVars(): Promise<Record<string, string>> {
    const { variables } = await this.sessionRequest<UserVarsData>('uservars', {});
    return Object.fromEntries(variables.map(({ key, value }) => [key, value]));
  }

  /**
   * Creates or replaces one of the user's own variables (a key of 1-64 of
   * `A-Za-z0-9_.-`, a value up to 4096 characters). A new key when the user
   * holds the most it may (50) throws USER_VARIABLE_LIMIT.
   */
  async setUserVar(key: string, value: string): Promise<void> {
    await this.sessionRequest<UserVarData>('setuservar', { key, value });
  }

  /** Deletes one of the user's own variables (VARIABLE_NOT_FOUND when it has none by that key). */
  async deleteUserVar(key: string): Promise<void> {
    await this.sessionRequest('deluservar', { key });
  }

  /**
   * Downloads a file to a path or into a writable stream (which is ended).
   * By default end-to-end encrypted to a key made for this download only; the
   * size and SHA-256 of the plaintext are checked against the signed answer.
   * A path only appears once the whole file verified.
   */
  async file(fileId: string, destination: Destination, options: DownloadOptions = {}): Promise<DownloadedFile> {
    const encrypted = options.encrypted ?? true;
    const keyPair = encrypted ? generateKeyPairSync('x25519') : null;
    const clientPublicKey = keyPair ? rawPublicKey(keyPair.publicKey).toString('base64') : undefined;
    const answer = await this.sessionRequest<FileData>('file', { fileId, clientPublicKey });
    return downloadFile(answer, fileId, destination, {
      http: this.http,
      timeoutMs: this.timeoutMs,
      keyPair: keyPair && clientPublicKey ? { privateKey: keyPair.privateKey, publicKey: clientPublicKey } : null,
    });
  }

  /** Adds a line to the app's audit log, attributed to the session's user. */
  async log(message: string): Promise<void> {
    await this.sessionRequest('log', { message });
  }

  /**
   * Checks an offline ticket (by default the session's) with no network:
   * signature, key id, issuer and expiry, and the machine when `hwid` is given.
   */
  verifyTicket(ticket: string | undefined = this.current?.ticket, hwid?: string): Promise<OfflineTicketClaims> {
    if (!ticket) return Promise.reject(new LatchkeyError('TICKET_INVALID', 'No offline ticket to verify'));
    return verifyTicket(ticket, {
      publicKey: this.options.publicKey,
      appId: this.options.appId,
      hwid,
      now: this.now,
    });
  }

  /**
   * Low level: sends any fields (credentials and a fresh nonce added) and
   * answers the status and envelope whatever the status. A signed answer must
   * verify, be fresh and carry the nonce, or this throws; an unsigned one
   * (only an unknown appId gets those) comes back with `verified: false`.
   */
  async send<T = Record<string, unknown>>(fields: Record<string, unknown>): Promise<ClientResponse<T>> {
    const nonce = newNonce();
    const body = JSON.stringify({ appId: this.options.appId, apiKey: this.options.apiKey, ...fields, nonce });
    let response: HttpResponse;
    let bytes: Buffer;
    try {
      response = await this.http({
        url: this.endpoint,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        timeoutMs: this.timeoutMs,
      });
      bytes = await readAll(response.body);
    } catch (cause) {
      throw new LatchkeyError('NETWORK', `Could not reach ${this.endpoint}: ${(cause as Error).message}`, 0, { cause });
    }
    return checkAnswer<T>(response.status, response.header, bytes, nonce, {
      publicKey: this.publicKey,
      maxSkewSeconds: this.maxSkewSeconds,
      now: this.now,
    });
  }

  private async request<T>(fields: Record<string, unknown> & { type: ClientRequestType }): Promise<T> {
    const { status, body, verified } = await this.send<T>(fields);
    if (!verified) throw unsignedAnswerError(status, body.message);
    if (!body.success) throw new LatchkeyError(codeForAnswer(status, body.message), body.message, status);
    return body.data;
  }

  private sessionRequest<T>(type: ClientRequestType, fields: Record<string, unknown>): Promise<T> {
    if (!this.current) {
      return Promise.reject(
        new LatchkeyError('NO_SESSION', `${type} needs a session: call login, license or register`),
      );
    }
    return this.request<T>({ type, sessionToken: this.current.token, ...fields });
  }

  private open(result: SessionResult): SessionResult {
    this.current = {
      token: result.sessionToken,
      expiresAt: result.expiresAt,
      user: result.user,
      ticket: result.ticket,
    };
    return result;
  }
}

/** `POST /v1` of the service at `url`, given with or without `/v1` and trailing slashes. */
function endpointOf(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\/+$/, '').replace(/\/v1$/, '').replace(/\/+$/, '') + '/v1');
  } catch {
    throw new TypeError(
      `url must be an absolute http(s) URL such as https://licensing.example.com, not ${JSON.stringify(url)}`,
    );
  }
  return parsed;
}
