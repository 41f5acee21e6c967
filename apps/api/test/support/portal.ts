import { randomInt } from 'node:crypto';
import { http, type HttpResult } from './http.js';

/** A client address of its own (TEST-NET range; only a header here), so each test's limits start at zero. */
export function clientIp(): string {
  return `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A request from the client at `ip` (a fresh address when none is given), to an API that trusts the proxy header. */
export function callFrom(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
): Promise<HttpResult> {
  return http(method, path, {
    baseUrl,
    token: options.token,
    body: options.body,
    headers: { 'x-forwarded-for': options.ip ?? clientIp() },
  });
}
