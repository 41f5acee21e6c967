import type { BackoffStrategy } from 'bullmq';

/** Thrown by the processor after a failed attempt that will be retried, with the wait it chose. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/**
 * BullMQ's custom backoff for delivery jobs. The processor picks the wait
 * (the retry schedule, or the receiver's Retry-After) from the attempt count
 * kept in PostgreSQL, which survives a Redis restart where BullMQ's own
 * count would not. Any other error gets no BullMQ retry: its job is dropped
 * and the sweeper queues the still-pending delivery again.
 */
export const retryBackoff: BackoffStrategy = (_attemptsMade, _type, err) =>
  err instanceof RetryLater ? err.delayMs : -1;
