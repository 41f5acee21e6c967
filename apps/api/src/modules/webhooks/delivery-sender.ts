import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Agent, request } from 'undici';
import { Config } from '../../config/config.js';
import {
  BLOCKED_ADDRESS_CODE,
  BlockedAddressError,
  isPublicAddress,
  literalAddress,
  publicOnlyLookup,
} from './address-guard.js';

/** How much of each response is kept with the attempt. */
export const RESPONSE_BODY_LIMIT_BYTES = 2048;

/** What one HTTP attempt produced; never an exception. */
export interface AttemptResult {
  /** null when no response arrived */
  statusCode: number | null;
  /** The raw `Retry-After` header, when the response had one. */
  retryAfter: string | null;
  /** The first 2 KiB of the response body. */
  responseBody: string | null;
  durationMs: number;
  /** Why no response arrived. */
  error: string | null;
  /** The address was refused by the SSRF guard: retrying cannot help. */
  blocked: boolean;
}

/**
 * Posts deliveries through one undici Agent. Redirects are never followed
 * (undici's `request` only follows them when the redirect interceptor is
 * composed, and it is not), so a 3xx comes back as the failure it is, and a
 * public URL cannot bounce the request to an internal one. Unless private
 * URLs are allowed, every connection goes through `publicOnlyLookup`.
 */
@Injectable()
export class DeliverySender implements OnApplicationShutdown {
  private readonly agent: Agent;
  private readonly allowPrivate: boolean;
  /** The delivery time-out (WEBHOOK_DELIVERY_TIMEOUT_MS), for the whole exchange. */
  private readonly timeoutMs: number;

  constructor(config: Config) {
    this.allowPrivate = config.WEBHOOK_ALLOW_PRIVATE_URLS;
    this.timeoutMs = config.WEBHOOK_DELIVERY_TIMEOUT_MS;
    this.agent = new Agent({
      connect: { timeout: this.timeoutMs, ...(this.allowPrivate ? {} : { lookup: publicOnlyLookup }) },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }

  async post(url: URL, body: string, headers: Record<string, string>): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const literal = this.allowPrivate ? null : literalAddress(url.hostname);
      if (literal && !isPublicAddress(literal)) throw new BlockedAddressError(literal, literal);
      const response = await request(url, { method: 'POST', body, headers, dispatcher: this.agent, signal });
      const retryAfter = response.headers['retry-after'];
      // A receiver that answered in time has answered; a body that stalls afterwards only costs the log.
      const responseBody = await readPrefix(response.body, RESPONSE_BODY_LIMIT_BYTES).catch(() => null);
      return {
        statusCode: response.statusCode,
        retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
        responseBody,
        durationMs: elapsed(),
        error: null,
        blocked: false,
      };
    } catch (err) {
      return {
        statusCode: null,
        retryAfter: null,
        responseBody: null,
        durationMs: elapsed(),
        error: describeFailure(err, signal, this.timeoutMs),
        blocked: errorCode(err) === BLOCKED_ADDRESS_CODE,
      };
    }
  }
}

/** Reads at most `limit` bytes, then drops the rest of the stream (and its connection). */
async function readPrefix(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) break;
    }
  } finally {
    body.destroy();
  }
  // PostgreSQL text cannot hold NUL.
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8').replaceAll('\u0000', '');
}

function errorCode(err: unknown): string | undefined {
  const { code, cause } = (err ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const found = typeof code === 'string' ? code : cause?.code;
  return typeof found === 'string' ? found : undefined;
}

function describeFailure(err: unknown, signal: AbortSignal, timeoutMs: number): string {
  const code = errorCode(err);
  if (signal.aborted || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT') {
    return `Timed out after ${timeoutMs / 1000} s`;
  }
  if (code === BLOCKED_ADDRESS_CODE) return `Refused: ${(err as Error).message}`;
  const message = err instanceof Error ? err.message : String(err);
  return `Connection failed: ${code && !message.includes(code) ? `${code} ${message}` : message}`;
}
