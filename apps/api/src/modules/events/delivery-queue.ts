import type { JobsOptions, Queue } from 'bullmq';

/*
 * Scheduling of webhook deliveries on the queue: how a delivery row of the
 * outbox becomes a BullMQ job. The events module writes the outbox and queues
 * after commit; the webhooks module (sweeper, retries, processor) uses the same
 * helpers, so the dependency points from webhooks to events only.
 */

/** Name of the job that makes one delivery attempt. */
export const DELIVER_JOB = 'deliver';
/** Backoff type of delivery jobs; the worker's custom backoff strategy (webhooks' `retryBackoff`) resolves it. */
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

/** A delivery gets one attempt more than there are retry delays (the contract's 8). */
export function scheduledAttempts(retryDelays: readonly number[]): number {
  return retryDelays.length + 1;
}
