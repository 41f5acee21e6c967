import { Module, type OnModuleInit } from '@nestjs/common';
import { JobOperationsRegistry } from '../../jobs/job-operations-registry.js';
import { JobWorkerModule } from '../../jobs/jobs.module.js';
import { keyAuthCommitOperation, keyAuthPreviewOperation } from './keyauth-import.operations.js';

/** The worker side of imports from KeyAuth: their preview and commit run as jobs of the jobs module's runner. */
@Module({ imports: [JobWorkerModule] })
export class KeyAuthImportWorkerModule implements OnModuleInit {
  constructor(private readonly operations: JobOperationsRegistry) {}

  onModuleInit(): void {
    this.operations.register('keyauth.preview', keyAuthPreviewOperation);
    this.operations.register('keyauth.commit', keyAuthCommitOperation);
  }
}
