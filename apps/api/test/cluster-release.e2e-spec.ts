// An API process of cluster.js exits only once the primary will hand it no
// more connections (common/cluster-release.ts): it reports its server closed
// and waits for the primary's release.
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const built = path.join(here, '../dist/common/cluster-release.js');
const run = promisify(execFile);

describe('the release of a closing API process', () => {
  it('waits for the primary, which answers once it read the close', async () => {
    const { stdout } = await run(process.execPath, [path.join(here, 'support/cluster-release-fixture.mjs'), built]);
    expect(stdout.trim().split('\n')).toEqual([
      'primary got latchkey:server-closed',
      'process answered waiting',
      'process exited 0',
    ]);
  });

  it('outside a cluster, does not wait', async () => {
    const { releasedByPrimary } = (await import(built)) as typeof import('../src/common/cluster-release.js');
    await expect(releasedByPrimary()).resolves.toBeUndefined();
  });
});
