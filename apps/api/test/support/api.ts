// The entry point most specs import from: HTTP, the database, the signed client, factories and reads.
import { LatchkeyClient } from '@latchkey/sdk';
import { BASE_URL } from './http.js';

export { createApp, createLicense, createLicenses, patchApp, signupOwner, type Owner } from '../factories/index.js';
export { closeDb, db } from './db.js';
export { BASE_URL, http, type HttpOptions, type HttpResult } from './http.js';
export { recordedEvents } from './reads.js';

/** A client that verifies every response's signature with the app's public key. */
export function clientFor(app: { appId: string; apiKey: string; publicKey?: string }): LatchkeyClient {
  return new LatchkeyClient({ baseUrl: BASE_URL, appId: app.appId, apiKey: app.apiKey, publicKey: app.publicKey });
}
