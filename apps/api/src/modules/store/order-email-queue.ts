import type { BackoffStrategy, Queue } from 'bullmq';

/*
 * How an order's email becomes a BullMQ job: the API queues it after the
 * order commits, the console's resend queues it again, and the worker's
 * sweeper queues pending ones that lost their job.
 */

export const SEND_ORDER_EMAIL_JOB = 'send';
const RETRY_BACKOFF = 'order-email-schedule';

/** Jobs carry the order id only: BullMQ keeps job data in clear text, and the order has the rest. */
export interface OrderEmailJobData {
  orderId: string;
}

/** Thrown by the processor after a refused attempt that will be retried, with the wait it chose. */
export class RetryOrderEmail extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
    this.name = 'RetryOrderEmail';
  }
}

/**
 * The wait comes from the processor, which counts attempts on the order in
 * PostgreSQL; any other error drops the job, and the sweeper queues the
 * still-pending email again.
 */
export const orderEmailBackoff: BackoffStrategy = (_attemptsMade, _type, err) =>
  err instanceof RetryOrderEmail ? err.delayMs : -1;

/**
 * Job id = order id, so queueing an email that has a job already is a no-op;
 * finished jobs are removed at once (the order records the outcome).
 */
export async function queueOrderEmails(queue: Queue, orderIds: string[], attempts: number): Promise<void> {
  if (orderIds.length === 0) return;
  await queue.addBulk(
    orderIds.map((orderId) => ({
      name: SEND_ORDER_EMAIL_JOB,
      data: { orderId } satisfies OrderEmailJobData,
      opts: {
        jobId: orderId,
        attempts,
        backoff: { type: RETRY_BACKOFF },
        removeOnComplete: true,
        removeOnFail: true,
      },
    })),
  );
}

/** The console's resend: a delayed job runs now, a finished one makes way for a new one. */
export async function queueOrderEmailNow(queue: Queue, orderId: string, attempts: number): Promise<void> {
  const job = await queue.getJob(orderId);
  const state = job ? await job.getState() : 'unknown';
  if (state === 'delayed') return job!.promote();
  if (state === 'completed' || state === 'failed') await job!.remove();
  if (state === 'completed' || state === 'failed' || state === 'unknown') {
    await queueOrderEmails(queue, [orderId], attempts);
  }
}

/** One attempt more than there are retry delays. */
export function orderEmailAttempts(retryDelays: readonly number[]): number {
  return retryDelays.length + 1;
}
