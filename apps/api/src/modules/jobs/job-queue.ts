import type { Queue } from 'bullmq';

/** Name of the BullMQ job that runs one bulk job. */
const RUN_JOB = 'run';

/** BullMQ jobs carry only the job's id: its row holds the rest, and its progress. */
export interface JobRunData {
  jobId: string;
}

/**
 * Queues the jobs `jobIds`. The BullMQ job id is the job's id, so queueing a
 * job that is waiting or running already is a no-op: the API after commit and
 * the worker's sweep can both queue it. Finished BullMQ jobs are removed at
 * once: PostgreSQL records how a job went.
 */
export async function queueJobs(queue: Queue, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await queue.addBulk(
    jobIds.map((jobId) => ({
      name: RUN_JOB,
      data: { jobId } satisfies JobRunData,
      opts: { jobId, removeOnComplete: true, removeOnFail: true },
    })),
  );
}
