/** How eventually polls: until `until` holds, at most `timeoutMs`, naming `what` it waited for when it gives up. */
export interface EventuallyOptions<T> {
  /** default: the value is neither undefined nor false */
  until?: (value: T) => boolean;
  timeoutMs?: number;
  intervalMs?: number;
  what?: string;
}

/**
 * For effects that land shortly after a response (a webhook delivery, a
 * pub/sub invalidation, a stamp written after the answer): calls `read` until
 * its value satisfies `until`, and returns that value. Throws once
 * `timeoutMs` has passed, with the last value or error, so a test never goes
 * on with a value that did not arrive.
 */
export async function eventually<T>(
  read: () => T | Promise<T>,
  {
    until = (value) => value !== undefined && value !== false,
    timeoutMs = 20_000,
    intervalMs = 50,
    what = 'condition',
  }: EventuallyOptions<T> = {},
): Promise<Exclude<T, undefined | false>> {
  const deadline = Date.now() + timeoutMs;
  let last: { value: T } | { error: unknown } | undefined;
  for (;;) {
    try {
      const value = await read();
      if (until(value)) return value as Exclude<T, undefined | false>;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (Date.now() > deadline) {
      const seen = !last
        ? ''
        : 'error' in last
          ? `: ${(last.error as Error).message}`
          : `; last value ${JSON.stringify(last.value)}`;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
