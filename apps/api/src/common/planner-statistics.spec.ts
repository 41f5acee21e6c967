import { describe, expect, it } from '@jest/globals';
import { ANALYZE_BASE_ROWS, PlannerStatistics } from './planner-statistics.js';

/**
 * A database stand-in: reltuples per table, ANALYZE setting it to the rows
 * written so far, and each ANALYZE held until the test lets it finish.
 */
function fakeDatabase() {
  const rows = new Map<string, number>();
  const written = new Map<string, number>();
  const analyses: Array<{ table: string; finish: () => void }> = [];
  const executor = {
    async query(sql: string, parameters: unknown[] = []): Promise<unknown> {
      if (sql.startsWith('SELECT reltuples')) return [{ rows: rows.get(parameters[0] as string) ?? -1 }];
      const table = /^ANALYZE (\w+)$/.exec(sql)![1]!;
      await new Promise<void>((resolve) => analyses.push({ table, finish: resolve }));
      rows.set(table, written.get(table) ?? 0);
      return [];
    },
  };
  const warnings: string[] = [];
  const statistics = new PlannerStatistics(executor, { warn: (message: string) => warnings.push(message) });
  /** What a bulk write does: the rows land, then the writer tells PlannerStatistics. */
  const write = (table: string, count: number) => {
    written.set(table, (written.get(table) ?? 0) + count);
    statistics.wrote(table, count);
  };
  /** Lets every analysis started so far finish, and waits until they have. */
  const finishAnalyses = async () => {
    for (let turn = 0; turn < 10; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      analyses.splice(0).forEach((analysis) => analysis.finish());
    }
    await statistics.settled();
  };
  return { statistics, write, analyses, rows, finishAnalyses, warnings };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('PlannerStatistics', () => {
  it('analyzes once the rows written pass 50 plus a tenth of the table, not before', async () => {
    const db = fakeDatabase();
    db.write('licenses', ANALYZE_BASE_ROWS);
    await flush();
    expect(db.analyses).toHaveLength(0);

    db.write('licenses', 1);
    await flush();
    expect(db.analyses.map((analysis) => analysis.table)).toEqual(['licenses']);
    await db.finishAnalyses();
    expect(db.rows.get('licenses')).toBe(51);

    // The table now has 51 rows: the next analysis is due past 50 + 5.1 more.
    db.write('licenses', 55);
    await flush();
    expect(db.analyses).toHaveLength(0);
    db.write('licenses', 1);
    await flush();
    expect(db.analyses).toHaveLength(1);
    await db.finishAnalyses();
    expect(db.rows.get('licenses')).toBe(107);
  });

  it('coalesces parallel bulk writes: one analysis runs, one more covers what came during it', async () => {
    const db = fakeDatabase();
    for (let i = 0; i < 10; i++) db.write('licenses', 100);
    await flush();
    expect(db.analyses).toHaveLength(1);
    // Written while that analysis runs: counted toward one more, after it.
    for (let i = 0; i < 10; i++) db.write('licenses', 100);
    await flush();
    expect(db.analyses).toHaveLength(1);

    db.analyses.shift()!.finish();
    await flush();
    await flush();
    expect(db.analyses).toHaveLength(1);
    await db.finishAnalyses();
    expect(db.rows.get('licenses')).toBe(2000);
    expect(db.warnings).toEqual([]);
  });

  it('counts each table on its own, and refuses what is not a table name', async () => {
    const db = fakeDatabase();
    db.write('licenses', 60);
    db.write('users', 10);
    await flush();
    expect(db.analyses.map((analysis) => analysis.table)).toEqual(['licenses']);
    await db.finishAnalyses();
    expect(() => db.statistics.wrote('licenses; DROP TABLE users', 100)).toThrow('not a table name');
  });

  it('logs a failed analysis and leaves the writer unaffected', async () => {
    const statistics = new PlannerStatistics(
      {
        query: async (sql: string) => {
          if (sql.startsWith('ANALYZE')) throw new Error('permission denied');
          return [{ rows: 0 }];
        },
      },
      { warn: (message: string) => warnings.push(message) },
    );
    const warnings: string[] = [];
    statistics.wrote('licenses', 100);
    await statistics.settled();
    expect(warnings).toEqual(['ANALYZE licenses failed: permission denied']);
  });
});
