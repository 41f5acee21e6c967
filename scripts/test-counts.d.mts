export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

export function countTests(countsDir: string, reportFile: string): TestCounts;

export function countJUnit(reportFile: string): TestCounts;
