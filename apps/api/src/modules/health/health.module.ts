import { Module } from '@nestjs/common';
import { DependencyHealth } from './dependency-health.js';
import { HealthController } from './health.controller.js';
import { WorkerHealthListener } from './worker-health-listener.js';

/** The API's `/health` and `/health/live`. */
@Module({ controllers: [HealthController], providers: [DependencyHealth] })
export class HealthModule {}

/** The worker's health listener on WORKER_HEALTH_PORT, answering as the API's routes do. */
@Module({ providers: [DependencyHealth, WorkerHealthListener] })
export class WorkerHealthModule {}
