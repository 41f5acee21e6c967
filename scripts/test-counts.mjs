// Adds up what scripts/jest-counting-environment.mjs recorded for one Jest run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `{ passed, failed, skipped }` of a run: every test that ended, by outcome,
 * plus one failure for each suite Jest reports as failed to run (it may have
 * lost tests that never ended) or, with no report at all, one for the run.
 */
export function countTests(countsDir, reportFile) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const file of existsSync(countsDir) ? readdirSync(countsDir) : []) {
    for (const mark of readFileSync(path.join(countsDir, file), 'utf8')) {
      if (mark === 'p') counts.passed += 1;
      else if (mark === 'f') counts.failed += 1;
      else if (mark === 's') counts.skipped += 1;
    }
  }
  if (!existsSync(reportFile)) counts.failed += 1;
  else counts.failed += JSON.parse(readFileSync(reportFile, 'utf8')).numRuntimeErrorTestSuites;
  return counts;
}

/**
 * `{ passed, failed, skipped }` from a JUnit XML report, which pytest
 * (`--junitxml`) and ctest (`--output-junit`) both write: each `<testcase>`
 * failed when it holds a `<failure>` or `<error>`, skipped when it holds a
 * `<skipped>`. No report at all counts as one failure.
 */
export function countJUnit(reportFile) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (!existsSync(reportFile)) return { ...counts, failed: 1 };
  const xml = readFileSync(reportFile, 'utf8');
  for (const [testcase] of xml.matchAll(/<testcase\b[^>]*?(?:\/>|>[\s\S]*?<\/testcase>)/g)) {
    if (/<(failure|error)\b/.test(testcase)) counts.failed += 1;
    else if (/<skipped\b/.test(testcase)) counts.skipped += 1;
    else counts.passed += 1;
  }
  return counts;
}
