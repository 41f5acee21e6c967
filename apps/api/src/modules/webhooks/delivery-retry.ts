import type { BackoffStrategy, JobsOptions, Queue } from 'bullmq';

/** Name of the job that makes one delivery attempt. */
export const DELIVER_JOB = 'deliver';
/** Backoff type of delivery jobs, resolved by `retryBackoff` in the worker. */
const RETRY_BACKOFF = 'webhook-schedule';

/** Jobs carry only the delivery id: BullMQ stores job data in clear text, and the row has the rest. */
export interface DeliveryJobData {
  deliveryId: string;
}

/** A delivery to queue: its id, attempts it has left, and how long until it is due. */
export interface QueuedDelivery {
  id: string;
  remainingAttempts: number;
  delayMs?: number;
}

/**
 * The job id is the delivery id, so queueing a delivery that already has a
 * job is a no-op: the API after commit and the sweeper can both queue it.
 * Finished jobs are removed at once, because PostgreSQL, not Redis, records
 * how a delivery went; a removed job also frees its id for a manual retry.
 */
function deliveryJob({ id, remainingAttempts, delayMs = 0 }: QueuedDelivery) {
  const opts: JobsOptions = {
    jobId: id,
    attempts: Math.max(1, remainingAttempts),
    backoff: { type: RETRY_BACKOFF },
    delay: Math.max(0, delayMs),
    removeOnComplete: true,
    removeOnFail: true,
  };
  return { name: DELIVER_JOB, data: { deliveryId: id } satisfies DeliveryJobData, opts };
}

export async function queueDeliveries(queue: Queue, deliveries: QueuedDelivery[]): Promise<void> {
  if (deliveries.length > 0) await queue.addBulk(deliveries.map(deliveryJob));
}

/**
 * Makes a delivery's next attempt happen now: promotes its delayed job, or
 * queues one when it has none. A job that is waiting or running is left alone.
 */
export async function queueDeliveryNow(queue: Queue, delivery: QueuedDelivery): Promise<void> {
  const job = await queue.getJob(delivery.id);
  const state = job ? await job.getState() : 'unknown';
  if (state === 'delayed') return job!.promote();
  if (state === 'completed' || state === 'failed') await job!.remove();
  if (state === 'completed' || state === 'failed' || state === 'unknown') await queueDeliveries(queue, [delivery]);
}

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
