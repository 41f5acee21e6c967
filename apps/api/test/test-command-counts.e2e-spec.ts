// Issue 24: the test command's closing line counts every test of every suite,
// also when a suite fails in a way that loses Jest's own results for it (a
// test throwing a value Jest cannot format). Runs Jest on fixture suites with
// the counting environment, as scripts/run.mjs does.
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countJUnit, countTests } from '../../../scripts/test-counts.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** The API package's Jest, as scripts/run.mjs starts it. */
const jestBin = path.join(repoRoot, 'apps/api/node_modules/jest/bin/jest.js');

const SUITES = {
  'passing.test.mjs': `for (let i = 0; i < 5; i++) it('passes ' + i, () => expect(i).toBe(i));`,
  'failing.test.mjs': `it('passes', () => {}); it('fails', () => expect(1).toBe(2)); it.skip('skipped', () => {});`,
  'hook.test.mjs': `describe('a block', () => { beforeAll(() => { throw new Error('set-up'); }); it('a', () => {}); it('b', () => {}); });`,
  // Jest itself throws while formatting this value, and the suite "fails to run" with no tests in its report.
  'unformattable.test.mjs': `it('passes', () => {}); it('throws', () => { throw new Proxy({}, { get() { throw new Error('no'); }, ownKeys() { throw new Error('no'); } }); });`,
};

describe('the test command counts', () => {
  it('every test of every suite, those of a suite whose results Jest lost included', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'latchkey-counts-'));
    for (const [name, body] of Object.entries(SUITES)) {
      writeFileSync(
        path.join(dir, name),
        `import { beforeAll, describe, expect, it } from '@jest/globals';\n${body}\n`,
      );
    }
    writeFileSync(
      path.join(dir, 'jest.config.mjs'),
      `export default { rootDir: ${JSON.stringify(dir)}, transform: {}, testMatch: ['**/*.test.mjs'],
         testEnvironment: ${JSON.stringify(path.join(repoRoot, 'scripts/jest-counting-environment.mjs'))} };`,
    );
    const report = path.join(dir, 'report.json');
    const countsDir = path.join(dir, 'counts');
    const run = spawnSync(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--no-warnings',
        jestBin,
        '--config',
        path.join(dir, 'jest.config.mjs'),
        '--json',
        `--outputFile=${report}`,
      ],
      {
        cwd: path.join(repoRoot, 'apps/api'),
        env: { ...process.env, LATCHKEY_TEST_COUNTS_DIR: countsDir },
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    // Jest's own totals: the unformattable suite's two tests are missing.
    const jest = JSON.parse(readFileSync(report, 'utf8'));
    expect([jest.numPassedTests, jest.numFailedTests, jest.numRuntimeErrorTestSuites]).toEqual([6, 3, 1]);
    // Ours: its passing test is counted, and the suite that failed to run counts as a failure.
    expect(countTests(countsDir, report)).toEqual({ passed: 7, failed: 4, skipped: 1 });
  }, 60_000);

  it("a JUnit report's test cases, as pytest and ctest write them, and a missing report as one failure", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'latchkey-junit-'));
    const report = path.join(dir, 'junit.xml');
    writeFileSync(
      report,
      `<?xml version="1.0"?><testsuites><testsuite name="sdk" tests="5">
        <testcase classname="a" name="passes" time="0.1"/>
        <testcase name="fails"><failure message="boom">traceback</failure></testcase>
        <testcase name="errors"><error message="set-up">traceback</error></testcase>
        <testcase name="skipped"><skipped message="no network"/></testcase>
        <testcase name="passes too" time="1"><system-out>log</system-out></testcase>
      </testsuite></testsuites>`,
    );
    expect(countJUnit(report)).toEqual({ passed: 2, failed: 2, skipped: 1 });
    expect(countJUnit(path.join(dir, 'missing.xml'))).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });
});
