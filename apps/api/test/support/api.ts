// The entry point most specs import from: HTTP, the database, the signed client, factories and reads.
import { Latchkey, type ClientResponse } from '@latchkey/sdk';
import { BASE_URL } from './http.js';

export { createApp, createLicense, createLicenses, patchApp, signupOwner, type Owner } from '../factories/index.js';
export { closeDb, db } from './db.js';
export { BASE_URL, http, type HttpOptions, type HttpResult } from './http.js';
export { recordedEvents } from './reads.js';

/**
 * The SDK in its raw mode, as the specs use it: any answer comes back as
 * status and envelope (refusals included) while the SDK still sends a fresh
 * nonce and checks signature, timestamp and nonce of every signed answer.
 */
export class TestClient {
  constructor(private readonly sdk: Latchkey) {}

  /** Any fields (credentials and nonce added by the SDK). */
  call<T = any>(fields: Record<string, unknown>): Promise<ClientResponse<T>> {
    return this.sdk.send<T>(fields);
  }
  init() {
    return this.call({ type: 'init' });
  }
  register(username: string, password: string, licenseKey: string, hwid?: string) {
    return this.call({ type: 'register', username, password, licenseKey, hwid });
  }
  login(username: string, password: string, hwid?: string) {
    return this.call({ type: 'login', username, password, hwid });
  }
  license(licenseKey: string, hwid?: string) {
    return this.call({ type: 'license', licenseKey, hwid });
  }
  upgrade(username: string, password: string, licenseKey: string) {
    return this.call({ type: 'upgrade', username, password, licenseKey });
  }
  check(sessionToken: string) {
    return this.call({ type: 'check', sessionToken });
  }
  heartbeat(sessionToken: string) {
    return this.call({ type: 'heartbeat', sessionToken });
  }
  logout(sessionToken: string) {
    return this.call({ type: 'logout', sessionToken });
  }
  variable(sessionToken: string, key: string) {
    return this.call({ type: 'var', sessionToken, key });
  }
  log(sessionToken: string, message: string) {
    return this.call({ type: 'log', sessionToken, message });
  }
}

/**
 * Stands in for a missing public key: an answer signed by any app fails
 * against it, so a spec without the key only ever sees unsigned answers pass.
 */
const NO_KEY = Buffer.alloc(32, 1).toString('base64');

/**
 * The SDK's raw client for an app; answers are checked against the app's
 * public key. `url`: another API process than global-setup's.
 */
export function clientFor(app: { appId: string; apiKey: string; publicKey?: string }, url = BASE_URL): TestClient {
  return new TestClient(
    new Latchkey({ url, appId: app.appId, apiKey: app.apiKey, publicKey: app.publicKey ?? NO_KEY }),
  );
}
