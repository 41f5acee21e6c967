/**
 * Whether an error means PostgreSQL or Redis cannot be reached right now
 * (restarting, refusing connections, a connection cut mid-query) rather than a
 * fault of the request or of the code. Such errors answer 503 `Service
 * unavailable`: the client may retry, and the pools reconnect by themselves.
 */
export function isServiceUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    // PostgreSQL classes 08 (connection exception) and 57P (operator intervention: shutdown, restart).
    if (typeof code === 'string' && /^(08...|57P0[1-3])$/.test(code)) return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    current =
      (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN', 'EAI_AGAIN']);

/** Messages of pg and ioredis for a connection that was cut or could not be made. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is closed',
  "Stream isn't writeable",
];
