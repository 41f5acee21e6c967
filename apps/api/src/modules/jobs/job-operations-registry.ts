import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JOB_TYPES, type JobType } from '@latchkey/contracts';
import type { JobOperation } from './job-operation.js';
import { JOB_OPERATIONS } from './job-operations.js';

/**
 * Every job type's operation, as the worker runs it. The jobs module's own
 * types are here from the start; a module that owns another type's records
 * registers that type's operation from its worker module's `onModuleInit`,
 * so the dependency runs from that module to jobs, never back.
 */
@Injectable()
export class JobOperationsRegistry implements OnApplicationBootstrap {
  private readonly operations = new Map<JobType, JobOperation>(
    Object.entries(JOB_OPERATIONS) as Array<[JobType, JobOperation]>,
  );

  register(type: JobType, operation: JobOperation): void {
    if (this.operations.has(type)) throw new Error(`job type ${type} has an operation already`);
    this.operations.set(type, operation);
  }

  get(type: JobType): JobOperation {
    const operation = this.operations.get(type);
    if (!operation) throw new Error(`no operation is registered for job type ${type}`);
    return operation;
  }

  /** A worker missing a module that registers a type fails to start, rather than fail each job of that type. */
  onApplicationBootstrap(): void {
    const missing = JOB_TYPES.filter((type) => !this.operations.has(type));
    if (missing.length > 0) throw new Error(`job types with no operation registered: ${missing.join(', ')}`);
  }
}
