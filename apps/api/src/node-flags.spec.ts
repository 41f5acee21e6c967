import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_V8_FLAGS, withApiV8Flags } from './node-flags.js';

describe('API_V8_FLAGS', () => {
  it('are added to a forked process that lacks them, after what it has', () => {
    expect(withApiV8Flags(['--enable-source-maps'])).toEqual(['--enable-source-maps', ...API_V8_FLAGS]);
  });

  it('leave a flag the operator set, with its value, as it is', () => {
    const own = ['--min-semi-space-size=64', '--no-allocation-site-pretenuring'];
    expect(withApiV8Flags(own)).toEqual(own);
  });

  it('leave a flag the operator set in another of V8 spellings as it is', () => {
    const own = ['--min_semi_space_size=32', '--allocation-site-pretenuring'];
    expect(withApiV8Flags(own)).toEqual(own);
  });

  it("are the flags of the Docker image's command, which cannot import them", () => {
    const dockerfile = readFileSync(fileURLToPath(new URL('../../../Dockerfile', import.meta.url)), 'utf8');
    const cmd = dockerfile.match(/^CMD (\[.*\])$/m)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['node', ...API_V8_FLAGS, 'dist/bundle/cluster.js']);
  });
});
