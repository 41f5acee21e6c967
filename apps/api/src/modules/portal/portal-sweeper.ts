import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PeriodicTask } from '../../common/periodic-task.js';
import { sqlAffected, type SqlExecutor } from '../../common/sql.js';
import { DELETE_OLD_CODES, DELETE_OLD_SESSIONS } from './portal.queries.js';

/** Sweeps run at start and then this often: what they delete is a day past its expiry, so hourly is plenty. */
const SWEEP_INTERVAL_MS = 3_600_000;
/** Rows deleted per statement, so a large backlog never holds one long transaction. */
export const PORTAL_SWEEP_BATCH = 5_000;

export interface PortalSweepResult {
  sessions: number;
  codes: number;
}

/** Deletes portal sessions and email codes a day past their expiry, in batches; idempotent, so workers may overlap. */
export async function sweepPortal(executor: SqlExecutor, batch = PORTAL_SWEEP_BATCH): Promise<PortalSweepResult> {
  const drain = async (statement: string): Promise<number> => {
    let total = 0;
    for (;;) {
      const affected = await sqlAffected(executor, statement, [batch]);
      total += affected;
      if (affected < batch) return total;
    }
  };
  return { sessions: await drain(DELETE_OLD_SESSIONS), codes: await drain(DELETE_OLD_CODES) };
}

/** Runs sweepPortal in every worker: at start, then hourly; a slow run is never overlapped by the next. */
@Injectable()
export class PortalSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PortalSweeper.name);
  private readonly sweeping = new PeriodicTask('portal sweep', SWEEP_INTERVAL_MS, () => this.sweep(), this.logger);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    this.sweeping.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweeping.stop();
  }

  private async sweep(): Promise<void> {
    const result = await sweepPortal(this.dataSource);
    if (result.sessions + result.codes > 0) this.logger.log({ msg: 'portal sweep', ...result });
  }
}
