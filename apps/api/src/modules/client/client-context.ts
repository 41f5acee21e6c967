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
