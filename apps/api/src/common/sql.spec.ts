import { describe, expect, it } from '@jest/globals';
import { EXACT_TOTAL_MAX, SEARCH_EXACT_TOTAL_MAX } from '@latchkey/contracts';
import { SEARCH_ESTIMATE_ONLY_FACTOR, sqlAffected, sqlPage, sqlRows, sqlTotal, sqlTotals } from './sql.js';

/** An executor that answers each statement with `answer(sql)` and records what it ran. */
function recording(answer: (sql: string) => unknown) {
  const ran: Array<{ sql: string; parameters: unknown[] }> = [];
  return {
    ran,
    query: async (sql: string, parameters: unknown[] = []) => {
      ran.push({ sql, parameters });
      return answer(sql);
    },
  };
}

describe('sqlRows and sqlAffected', () => {
  it('give the rows of a SELECT and of an UPDATE ... RETURNING alike', async () => {
    expect(
      await sqlRows(
        recording(() => [{ id: 1 }]),
        'SELECT',
      ),
    ).toEqual([{ id: 1 }]);
    expect(
      await sqlRows(
        recording(() => [[{ id: 1 }], 1]),
        'UPDATE',
      ),
    ).toEqual([{ id: 1 }]);
  });

  it('gives the affected count of an UPDATE or DELETE and refuses anything else', async () => {
    expect(
      await sqlAffected(
        recording(() => [[], 3]),
        'DELETE',
      ),
    ).toBe(3);
    await expect(
      sqlAffected(
        recording(() => [{ id: 1 }]),
        'SELECT',
      ),
    ).rejects.toThrow('UPDATE or DELETE');
  });
});

describe('sqlPage', () => {
  const list = {
    select: 'id',
    from: 't JOIN u ON u.t = t.id WHERE t.a = $1',
    countFrom: 't WHERE t.a = $1',
    orderBy: 'id',
  };

  it('reads one window after the list parameters and the total over the count source', async () => {
    const db = recording((sql) => (sql.includes('count(*)') ? [{ total: 7 }] : [{ id: 'x' }, { id: 'y' }]));
    const page = await sqlPage<{ id: string }, string>(db, list, ['a'], { offset: 4, limit: 2 }, (row) => row.id);
    expect(page).toEqual({ items: ['x', 'y'], total: 7 });
    expect(db.ran).toEqual([
      {
        sql: 'SELECT id FROM t JOIN u ON u.t = t.id WHERE t.a = $1 ORDER BY id LIMIT $2 OFFSET $3',
        parameters: ['a', 2, 4],
      },
      {
        sql: `SELECT count(*)::int AS total FROM (SELECT 1 FROM t WHERE t.a = $1 ORDER BY id LIMIT ${EXACT_TOTAL_MAX + 1}) capped`,
        parameters: ['a'],
      },
    ]);
  });

  it('counts over the rows source when no count source is given', async () => {
    const db = recording((sql) => (sql.includes('count(*)') ? [{ total: 0 }] : []));
    expect(await sqlPage(db, { ...list, countFrom: undefined }, ['a'], { offset: 0, limit: 1 })).toEqual({
      items: [],
      total: 0,
    });
    expect(db.ran[1]!.sql).toBe(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM t JOIN u ON u.t = t.id WHERE t.a = $1 ORDER BY id LIMIT ${EXACT_TOTAL_MAX + 1}) capped`,
    );
  });
});

describe('sqlPage of a search', () => {
  const search = {
    select: 'id, c',
    from: 't WHERE a = $1 AND s LIKE $2',
    orderBy: 'c DESC, id DESC',
    search: true as const,
  };
  const explained = (rows: number) => [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': rows } }] }];

  it('counted, sorts its page from its matches, read apart from the order the planner might walk', async () => {
    const db = recording((sql) => {
      if (sql.startsWith('EXPLAIN')) return explained(5);
      return sql.includes('count(*)') ? [{ total: 2 }] : [{ id: 'x' }, { id: 'y' }];
    });
    expect(await sqlPage(db, search, ['a', '%b%'], { offset: 0, limit: 25 })).toEqual({
      items: [{ id: 'x' }, { id: 'y' }],
      total: 2,
    });
    expect(db.ran.at(-1)!.sql.replace(/\s+/g, ' ')).toBe(
      'WITH matches AS MATERIALIZED (SELECT id, c FROM t WHERE a = $1 AND s LIKE $2) SELECT * FROM matches ORDER BY c DESC, id DESC LIMIT $3 OFFSET $4',
    );
    expect(db.ran.at(-1)!.parameters).toEqual(['a', '%b%', 25, 0]);
  });

  it('estimated, walks the order: its many matches fill a page early', async () => {
    const far = SEARCH_EXACT_TOTAL_MAX * SEARCH_ESTIMATE_ONLY_FACTOR + 1;
    const db = recording((sql) => (sql.startsWith('EXPLAIN') ? explained(far) : [{ id: 'x' }]));
    expect((await sqlPage(db, search, ['a', '%b%'], { offset: 0, limit: 1 })).totalIsEstimate).toBe(true);
    expect(db.ran.at(-1)!.sql).toBe(
      'SELECT id, c FROM t WHERE a = $1 AND s LIKE $2 ORDER BY c DESC, id DESC LIMIT $3 OFFSET $4',
    );
  });
});

describe('sqlPage totals the page settles', () => {
  const list = { select: 'id', from: 't', orderBy: 'id' };
  const explained = (rows: number) => [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': rows } }] }];
  /** A list whose count passes the exact bound, whose estimate is `estimate`, and whose page has `rows` rows. */
  const answering = (estimate: number, rows: number) =>
    recording((sql) => {
      if (sql.startsWith('EXPLAIN')) return explained(estimate);
      if (sql.includes('count(*)')) return [{ total: EXACT_TOTAL_MAX + 1 }];
      return Array.from({ length: rows }, (_, id) => ({ id }));
    });

  it('is exact when the page is not full: it ends the list, whatever was estimated', async () => {
    const page = await sqlPage(answering(5_000, 3), list, [], { offset: 2_000, limit: 25 });
    expect([page.total, page.totalIsEstimate]).toEqual([2_003, undefined]);
  });

  it('under an estimate, leaves room for the page after a full one', async () => {
    const short = await sqlPage(answering(1_500, 25), list, [], { offset: 2_000, limit: 25 });
    expect([short.total, short.totalIsEstimate]).toEqual([2_026, true]);
    const ahead = await sqlPage(answering(5_000, 25), list, [], { offset: 2_000, limit: 25 });
    expect([ahead.total, ahead.totalIsEstimate]).toEqual([5_000, true]);
  });

  it('keeps an empty page past the end as counted', async () => {
    const db = recording((sql) => (sql.includes('count(*)') ? [{ total: 40 }] : []));
    expect(await sqlPage(db, list, [], { offset: 50, limit: 25 })).toEqual({ items: [], total: 40 });
  });
});

describe('sqlTotal', () => {
  const explained = (rows: number) => [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': rows } }] }];

  it('is exact up to EXACT_TOTAL_MAX and asks the planner nothing', async () => {
    const db = recording(() => [{ total: EXACT_TOTAL_MAX }]);
    expect(await sqlTotal(db, { from: 't WHERE a = $1' }, ['a'])).toEqual({ total: EXACT_TOTAL_MAX });
    expect(db.ran).toHaveLength(1);
  });

  it("past EXACT_TOTAL_MAX answers the planner's estimate, marked as one", async () => {
    const db = recording((sql) =>
      sql.startsWith('EXPLAIN') ? explained(1_234_567.4) : [{ total: EXACT_TOTAL_MAX + 1 }],
    );
    expect(await sqlTotal(db, { from: 't WHERE a = $1' }, ['a'])).toEqual({ total: 1_234_567, totalIsEstimate: true });
    expect(db.ran[1]).toEqual({ sql: 'EXPLAIN (FORMAT JSON) SELECT 1 FROM t WHERE a = $1', parameters: ['a'] });
  });

  it('never estimates below what it counted', async () => {
    const db = recording((sql) => (sql.startsWith('EXPLAIN') ? explained(40) : [{ total: EXACT_TOTAL_MAX + 1 }]));
    expect(await sqlTotal(db, { from: 't' }, [])).toEqual({ total: EXACT_TOTAL_MAX + 1, totalIsEstimate: true });
  });

  it('asks the planner first for a search, and counts only when it expects few matches', async () => {
    const far = SEARCH_EXACT_TOTAL_MAX * SEARCH_ESTIMATE_ONLY_FACTOR + 1;
    const common = recording((sql) => (sql.startsWith('EXPLAIN') ? explained(far) : [{ total: 0 }]));
    const search = { from: 't WHERE a ILIKE $1', estimateFirst: true };
    expect(await sqlTotal(common, search, ['%x%'], SEARCH_EXACT_TOTAL_MAX)).toEqual({
      total: far,
      totalIsEstimate: true,
    });
    expect(common.ran.map(({ sql }) => sql)).toEqual(['EXPLAIN (FORMAT JSON) SELECT 1 FROM t WHERE a ILIKE $1']);
    const rare = recording((sql) => (sql.startsWith('EXPLAIN') ? explained(far - 1) : [{ total: 3 }]));
    expect(await sqlTotal(rare, search, ['%x%'], SEARCH_EXACT_TOTAL_MAX)).toEqual({ total: 3 });
    const counted = recording((sql) =>
      sql.startsWith('EXPLAIN') ? explained(5) : [{ total: SEARCH_EXACT_TOTAL_MAX + 1 }],
    );
    expect(await sqlTotal(counted, search, ['%x%'], SEARCH_EXACT_TOTAL_MAX)).toEqual({
      total: SEARCH_EXACT_TOTAL_MAX + 1,
      totalIsEstimate: true,
    });
    expect(counted.ran).toHaveLength(2); // the estimate asked first is not asked again
  });

  it("counts in the list's order, and a search in any order up to its own bound", async () => {
    const db = recording((sql) => (sql.startsWith('EXPLAIN') ? explained(0) : [{ total: 0 }]));
    await sqlPage(db, { select: 'id', from: 't', orderBy: 'c DESC' }, [], { offset: 0, limit: 1 });
    await sqlPage(db, { select: 'id', from: 't', orderBy: 'c DESC', search: true }, [], { offset: 0, limit: 1 });
    expect([db.ran[1]!.sql, db.ran[3]!.sql]).toEqual([
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM t ORDER BY c DESC LIMIT ${EXACT_TOTAL_MAX + 1}) capped`,
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM t LIMIT ${SEARCH_EXACT_TOTAL_MAX + 1}) capped`,
    ]);
  });
});

describe('sqlTotals', () => {
  const counts = [
    { from: 'a WHERE x = $1', orderBy: 'c' },
    { from: 'b WHERE x = $1 AND y = $2', orderBy: 'd DESC' },
    { from: 'b WHERE x = $1 AND y = $3', orderBy: 'd DESC' },
  ];
  /** A plan of the estimates' UNION ALL: an Append over branches that output their own number. */
  const branchPlan = (rows: Record<number, number>) => [
    {
      'QUERY PLAN': [
        {
          Plan: {
            'Plan Rows': 0,
            Plans: Object.entries(rows)
              .reverse()
              .map(([i, planRows]) => ({
                'Plan Rows': planRows,
                Output: [i],
                Plans: [{ 'Plan Rows': 1, Output: ['99'] }],
              })),
          },
        },
      ],
    },
  ];

  it('counts every figure in one statement, each up to the bound in its order, and plans nothing within it', async () => {
    const db = recording(() => [{ 0: 3, 1: 0, 2: EXACT_TOTAL_MAX }]);
    expect(await sqlTotals(db, counts, ['a', 'b', 'c'])).toEqual([
      { total: 3 },
      { total: 0 },
      { total: EXACT_TOTAL_MAX },
    ]);
    expect(db.ran).toEqual([
      {
        sql:
          `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM a WHERE x = $1 ORDER BY c LIMIT ${EXACT_TOTAL_MAX + 1}) capped) AS "0",\n` +
          `  (SELECT count(*)::int FROM (SELECT 1 FROM b WHERE x = $1 AND y = $2 ORDER BY d DESC LIMIT ${EXACT_TOTAL_MAX + 1}) capped) AS "1",\n` +
          `  (SELECT count(*)::int FROM (SELECT 1 FROM b WHERE x = $1 AND y = $3 ORDER BY d DESC LIMIT ${EXACT_TOTAL_MAX + 1}) capped) AS "2"`,
        parameters: ['a', 'b', 'c'],
      },
    ]);
  });

  it("estimates those past the bound from one plan of every branch, each by the branch's own output", async () => {
    const db = recording((sql) =>
      sql.startsWith('EXPLAIN')
        ? branchPlan({ 0: 5_000, 1: 7, 2: 123_456.6 })
        : [{ 0: EXACT_TOTAL_MAX + 1, 1: 7, 2: EXACT_TOTAL_MAX + 1 }],
    );
    expect(await sqlTotals(db, counts, ['a', 'b', 'c'])).toEqual([
      { total: 5_000, totalIsEstimate: true },
      { total: 7 },
      { total: 123_457, totalIsEstimate: true },
    ]);
    expect(db.ran[1]).toEqual({
      sql:
        'EXPLAIN (FORMAT JSON, VERBOSE) SELECT 0 FROM a WHERE x = $1 UNION ALL SELECT 1 FROM b WHERE x = $1 AND y = $2 ' +
        'UNION ALL SELECT 2 FROM b WHERE x = $1 AND y = $3',
      parameters: ['a', 'b', 'c'],
    });
  });

  it('never estimates below what it counted, nor reads a branch the plan lacks as another', async () => {
    const db = recording((sql) =>
      sql.startsWith('EXPLAIN') ? branchPlan({ 1: 40 }) : [{ 0: EXACT_TOTAL_MAX + 1, 1: EXACT_TOTAL_MAX + 1, 2: 0 }],
    );
    expect(await sqlTotals(db, counts, ['a', 'b', 'c'])).toEqual([
      { total: EXACT_TOTAL_MAX + 1, totalIsEstimate: true },
      { total: EXACT_TOTAL_MAX + 1, totalIsEstimate: true },
      { total: 0 },
    ]);
  });
});
