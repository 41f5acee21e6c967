// Jest's node environment, counting each test's outcome as it ends (issue 24);
// `withTestCounts` does the same for another environment (the dashboard's jsdom).
// Jest's own totals lose every test of a suite whose results cannot be sent
// back from its worker (a test that throws a value Jest cannot format: the
// whole suite then "failed to run" with no tests). Here each finished test
// appends one letter (p passed, f failed, s skipped or todo) to a file of its
// suite in LATCHKEY_TEST_COUNTS_DIR, as it happens, for scripts/test-counts.mjs
// to add up. Without that variable it is the plain node environment.
import { appendFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { TestEnvironment as NodeEnvironment } from 'jest-environment-node';

const MARKS = { passed: 'p', failed: 'f', skipped: 's' };

/** `Base` (a Jest environment class) counting each test's outcome as it ends. */
export function withTestCounts(Base) {
  return class CountingEnvironment extends Base {
    constructor(config, context) {
      super(config, context);
      const dir = process.env.LATCHKEY_TEST_COUNTS_DIR;
      if (dir) mkdirSync(dir, { recursive: true });
      this.countsFile = dir ? path.join(dir, createHash('sha1').update(context.testPath).digest('hex')) : null;
    }

    handleTestEvent(event) {
      if (!this.countsFile) return;
      const outcome =
        event.name === 'test_done'
          ? event.test.errors.length === 0
            ? 'passed'
            : 'failed'
          : event.name === 'test_skip' || event.name === 'test_todo'
            ? 'skipped'
            : null;
      if (outcome) appendFileSync(this.countsFile, MARKS[outcome]);
    }
  };
}

export default withTestCounts(NodeEnvironment);
