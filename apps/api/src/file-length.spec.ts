import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * No backend file over 300 lines (issue 39): past that a file holds more than
 * one thing to name, and is split by what each part does (docs/architecture.md).
 * Specs are exempt: a spec's length is its cases.
 */

const src = dirname(fileURLToPath(import.meta.url));
const LINES_AT_MOST = 300;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('backend file length', () => {
  it(`keeps every source file at ${LINES_AT_MOST} lines or fewer`, () => {
    const long = sourceFiles(src)
      .map((file) => ({ file: relative(src, file), lines: readFileSync(file, 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > LINES_AT_MOST);
    expect(long).toEqual([]);
  });
});
