import { describe, expect, it } from '@jest/globals';
import type { JobOperation } from './job-operation.js';
import { JobOperationsRegistry } from './job-operations-registry.js';
import { JOB_OPERATIONS } from './job-operations.js';

const operation: JobOperation = {
  table: 'users',
  start: '0',
  count: () => Promise.resolve(0),
  batch: () => Promise.resolve({ last: null, handled: 0, skipped: 0, errors: [] }),
};

describe('JobOperationsRegistry', () => {
  it('holds the jobs module’s own types from the start', () => {
    expect(new JobOperationsRegistry().get('users.extend')).toBe(JOB_OPERATIONS['users.extend']);
  });

  it('fails the start of a process where a type has no operation', () => {
    const registry = new JobOperationsRegistry();
    registry.register('keyauth.preview', operation);
    expect(() => registry.onApplicationBootstrap()).toThrow('keyauth.commit');
    registry.register('keyauth.commit', operation);
    expect(() => registry.onApplicationBootstrap()).not.toThrow();
    expect(registry.get('keyauth.commit')).toBe(operation);
  });

  it('refuses a second operation for one type', () => {
    expect(() => new JobOperationsRegistry().register('licenses.delete', operation)).toThrow('licenses.delete');
  });
});
