import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

// The one-minute version of `pnpm soak` (scripts/soak.mjs): no 5xx, no refusal,
// and no memory growth. Growth is judged on what the API retains after a full
// collection (about 0.5 MB/min over the second half here), not on RSS, whose
// slope over half a minute swung past 60 MB/min with a falling RSS.
describe('soak (60 s)', () => {
  it('serves mixed client load at a fixed rate without 5xx, refusals or runaway memory', () => {
    const run = spawnSync(
      process.execPath,
      // Sampled every 2 s: the slope over the second half then rests on 15 points, not 3.
      [
        path.join(root, 'scripts/soak.mjs'),
        ...['--duration', '60', '--rate', '40', '--max-growth', '10', '--sample-seconds', '2'],
      ],
      { encoding: 'utf8', timeout: 170_000 },
    );
    const summary = run.stdout.trim().split('\n').pop() ?? '';
    // On failure, the soak's own summary (its problems) and the end of its error output say why.
    if (run.status !== 0) throw new Error(`soak exited ${run.status}: ${summary}\n${(run.stderr ?? '').slice(-2000)}`);
    expect(JSON.parse(summary)).toMatchObject({ soak: 'passed', problems: [] });
  }, 180_000);
});
