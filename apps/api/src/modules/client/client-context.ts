import type { CachedApp } from '../apps/app-credentials.cache.js';

/** What a client handler gets: the verified app, the caller's address and the validated body. */
export interface ClientContext<Body> {
  app: CachedApp;
  ip: string;
  /** scheme and host the client reached the service at, for absolute links; null when the request named no host */
  origin: string | null;
  body: Body;
}

export interface ClientResult {
  message: string;
  data: object;
}

/** A call that opens a session: who asked, from where, with which HWID. */
export interface OpeningCall {
  app: CachedApp;
  ip: string;
  hwid: string | null;
  type: 'login' | 'license';
  /** the audit entry's actor: the username, or the key for `license` */
  actor: string;
}
