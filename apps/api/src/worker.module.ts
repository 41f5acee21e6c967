import { Module, type DynamicModule } from '@nestjs/common';
import { coreModules } from './app.module.js';
import { QueueModule } from './common/queue.module.js';
import type { Config } from './config/config.js';

/** The worker process: BullMQ processors only, no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: Config): DynamicModule {
    return { module: WorkerModule, imports: [...coreModules(config), QueueModule] };
  }
}
