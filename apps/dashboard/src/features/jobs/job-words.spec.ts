import { describe, expect, it } from '@jest/globals';
import { FILTER_JOB_TYPES, type JobPreview } from '@latchkey/contracts';
import { confirmQuestion, FORM_JOB_TYPES, jobResult, nothingToChange } from './job-words';

function preview(type: JobPreview['type'], count: number, extra: Partial<JobPreview> = {}): JobPreview {
  return { type, filter: {}, params: {}, count, countIsCapped: false, ...extra };
}

describe('job words', () => {
  it('offers every operation once, opening on adding time and ending on deleting keys', () => {
    expect([...FORM_JOB_TYPES].sort()).toEqual([...FILTER_JOB_TYPES, 'licenses.import'].sort());
    expect(FORM_JOB_TYPES[0]).toBe('licenses.add-time');
    expect(FORM_JOB_TYPES.at(-1)).toBe('licenses.delete');
  });

  it('asks with the counted number, separated by thousands, singular and plural right', () => {
    expect(confirmQuestion(preview('licenses.delete', 1234))).toBe('Delete 1,234 keys?');
    expect(confirmQuestion(preview('licenses.delete', 1))).toBe('Delete 1 key?');
    expect(confirmQuestion(preview('licenses.add-time', 6, { params: { days: 7 } }))).toBe(
      'Add 7 days to 6 unused keys?',
    );
    expect(confirmQuestion(preview('users.extend', 1, { params: { days: 1 } }))).toBe('Extend 1 active user by 1 day?');
    expect(confirmQuestion(preview('users.reset-hwid', 2))).toBe('Reset the HWID of 2 users?');
    expect(confirmQuestion(preview('users.ban', 1_000_000, { countIsCapped: true }))).toBe(
      'Ban more than 1,000,000 users?',
    );
    expect(confirmQuestion(preview('users.unban', 3))).toBe('Unban 3 users?');
  });

  it('says why nothing starts when nothing matches', () => {
    expect(nothingToChange('licenses.delete')).toBe('Nothing to change: no key matches these filters.');
  });

  it("states a finished job's result, and none while it runs", () => {
    const job = { status: 'succeeded' as const, done: 6, skipped: 0, errorCount: 0, params: { days: 7 } };
    expect(jobResult({ ...job, type: 'licenses.add-time' })).toBe('7 days added to 6 keys');
    expect(jobResult({ ...job, type: 'users.extend', done: 1 })).toBe('7 days added to 1 user');
    expect(jobResult({ ...job, type: 'licenses.delete', status: 'cancelled' })).toBe('6 keys deleted');
    expect(jobResult({ ...job, type: 'licenses.import', skipped: 1, errorCount: 2 })).toBe('3 keys imported');
    expect(jobResult({ ...job, type: 'licenses.add-time', status: 'running' })).toBeNull();
    expect(jobResult({ ...job, type: 'keyauth.commit' })).toBeNull();
  });
});
