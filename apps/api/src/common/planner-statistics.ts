import { Global, Injectable, Logger, Module, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type SqlExecutor, sqlRows } from './sql.js';

/*
 * The planner's statistics kept fresh after bulk writes (issue 25), so plans
 * do not depend on someone having analyzed: a table that grew from nothing
 * to a million rows with no ANALYZE keeps plans made for an empty table
 * (whole-table scans). Production's autovacuum analyzes too, but minutes
 * later; PostgreSQL with autovacuum off (these machines) never does.
 */

/**
 * When a table is analyzed: once the rows written since its last analysis
 * pass ANALYZE_BASE_ROWS + ANALYZE_SCALE of the rows it had then: the rule
 * and defaults of autovacuum's own analyze (autovacuum_analyze_threshold 50,
 * autovacuum_analyze_scale_factor 0.1). A table growing from nothing is
 * analyzed at 50, 105, 166... rows: about 100 analyses on the way to a
 * million, each reading a sample of at most 30,000 rows (default_statistics_target 100).
 */
export const ANALYZE_BASE_ROWS = 50;
export const ANALYZE_SCALE = 0.1;

/** A table's rows as of its last analysis (-1: never analyzed, PostgreSQL 14+). */
const TABLE_ROWS = `SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = $1::regclass`;
/** Table names come from the code, never from input; checked all the same, as ANALYZE takes no parameter. */
const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/** The rows written since the table's last analysis are past the threshold. */
function due(state: TableState): boolean {
  return state.written > ANALYZE_BASE_ROWS + ANALYZE_SCALE * (state.rows ?? 0);
}

interface TableState {
  /** Rows written since the last analysis began (or since start). */
  written: number;
  /** Rows the table had at its last analysis; null until read. */
  rows: number | null;
  /** The analysis in flight, if any. */
  running: Promise<void> | null;
}

/**
 * Counts the rows each bulk write adds or changes, per table, and runs
 * `ANALYZE <table>` when they pass the threshold: after the writer's
 * transaction (it calls `wrote` once committed), on a pooled connection of
 * its own, without the writer waiting. Calls that cross the threshold while
 * an analysis of the same table runs add up and are covered by one more
 * afterwards, so ten parallel generations run at most two, one after the other.
 * Counts are per process: several API processes may each analyze, which
 * PostgreSQL serializes per table.
 */
export class PlannerStatistics {
  private readonly tables = new Map<string, TableState>();

  constructor(
    private readonly executor: SqlExecutor,
    private readonly logger: Pick<Logger, 'warn'> = new Logger(PlannerStatistics.name),
  ) {}

  /** `rows` rows of `table` were written (committed): analyzes it when they add up to the threshold. */
  wrote(table: string, rows: number): void {
    if (!TABLE_NAME.test(table)) throw new Error(`not a table name: ${table}`);
    const state = this.state(table);
    state.written += rows;
    if (state.running || (state.rows !== null && !due(state))) return;
    state.running = this.analyzeWhenDue(table, state).finally(() => {
      state.running = null;
    });
  }

  /** Resolves once no analysis is running (shutdown, tests). */
  async settled(): Promise<void> {
    for (const state of this.tables.values()) await state.running;
  }

  private state(table: string): TableState {
    let state = this.tables.get(table);
    if (!state) {
      state = { written: 0, rows: null, running: null };
      this.tables.set(table, state);
    }
    return state;
  }

  /** Analyzes while the rows written are due; rows written during an analysis count toward the next. */
  private async analyzeWhenDue(table: string, state: TableState): Promise<void> {
    try {
      state.rows ??= await this.tableRows(table);
      while (due(state)) {
        state.written = 0;
        await this.executor.query(`ANALYZE ${table}`);
        state.rows = await this.tableRows(table);
      }
    } catch (error) {
      // Tried again once as many rows more are written; a request never fails for this.
      this.logger.warn(`ANALYZE ${table} failed: ${(error as Error).message}`);
    }
  }

  private async tableRows(table: string): Promise<number> {
    const [row] = await sqlRows<{ rows: number }>(this.executor, TABLE_ROWS, [table]);
    return Math.max(0, row?.rows ?? 0);
  }
}

/** PlannerStatistics on the service's DataSource, waiting for a running analysis before the pool closes. */
@Injectable()
export class ServicePlannerStatistics extends PlannerStatistics implements BeforeApplicationShutdown {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.settled();
  }
}

/** Makes PlannerStatistics injectable in every module, of the HTTP process and the worker alike. */
@Global()
@Module({
  providers: [{ provide: PlannerStatistics, useClass: ServicePlannerStatistics }],
  exports: [PlannerStatistics],
})
export class PlannerStatisticsModule {}
