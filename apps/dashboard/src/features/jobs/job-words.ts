// What the Bulk actions page says of each job type: its name, the order the
// form offers them in, the confirmation's question with the dry run's count,
// and a finished job's result. Kept apart from the components so that each
// sentence is unit-tested (job-words.spec.ts).
import type { FilterJobType, Job, JobPreview, JobType } from '@latchkey/contracts';
import { formatNumber, plural } from '@/lib/format';

/** Each operation in the owner's words. */
export const JOB_LABELS: Record<JobType, string> = {
  'licenses.import': 'Import keys from CSV',
  'licenses.delete': 'Delete keys',
  'licenses.add-time': 'Add time to unused keys',
  'users.extend': 'Extend active users',
  'users.reset-hwid': 'Reset every HWID',
  'users.ban': 'Ban users',
  'users.unban': 'Unban users',
  'keyauth.preview': 'Preview a KeyAuth import',
  'keyauth.commit': 'Commit a KeyAuth import',
};

/** The operations the form starts (a KeyAuth import has a page of its own). */
export type FormJobType = FilterJobType | 'licenses.import';

/**
 * The form's operations, least dangerous first, and it opens on the first
 * (issue 41 item 2): time added (undone by nothing, harmful to no one), keys
 * added, an unban, then what takes something away: a HWID reset (the next
 * device binds), a ban (users refused at once, undone by an unban), and last
 * a deletion, which nothing undoes.
 */
export const FORM_JOB_TYPES = [
  'licenses.add-time',
  'users.extend',
  'licenses.import',
  'users.unban',
  'users.reset-hwid',
  'users.ban',
  'licenses.delete',
] as const satisfies readonly FormJobType[];

/** The records a type changes, in the singular and the plural. */
const REACHED: Record<FilterJobType, [one: string, many: string]> = {
  'licenses.delete': ['key', 'keys'],
  'licenses.add-time': ['unused key', 'unused keys'],
  'users.extend': ['active user', 'active users'],
  'users.reset-hwid': ['user', 'users'],
  'users.ban': ['user', 'users'],
  'users.unban': ['user', 'users'],
};

/** Why a dry run found nothing, as the form says it instead of asking. */
const NOTHING_MATCHES: Record<FilterJobType, string> = {
  'licenses.delete': 'no key matches these filters',
  'licenses.add-time': 'no unused key with an end matches (lifetime keys have none to move)',
  'users.extend': 'no active user matches (banned, expired and lifetime users are left as they are)',
  'users.reset-hwid': 'no matching user has a HWID to reset',
  'users.ban': 'every matching user is banned already, or none matches',
  'users.unban': 'no matching user is banned',
};

/** "1,234 keys", "1 unused key", "more than 1,000,000 users": what the dry run counted. */
export function countedRecords(preview: Pick<JobPreview, 'type' | 'count' | 'countIsCapped'>): string {
  const [one, many] = REACHED[preview.type];
  return preview.countIsCapped ? `more than ${formatNumber(preview.count)} ${many}` : plural(preview.count, one, many);
}

/** The confirmation's question, with the number the dry run counted: "Delete 1,234 keys?" */
export function confirmQuestion(preview: JobPreview): string {
  const records = countedRecords(preview);
  const days = plural(preview.params.days ?? 0, 'day');
  switch (preview.type) {
    case 'licenses.delete':
      return `Delete ${records}?`;
    case 'licenses.add-time':
      return `Add ${days} to ${records}?`;
    case 'users.extend':
      return `Extend ${records} by ${days}?`;
    case 'users.reset-hwid':
      return `Reset the HWID of ${records}?`;
    case 'users.ban':
      return `Ban ${records}?`;
    case 'users.unban':
      return `Unban ${records}?`;
  }
}

/** What the form says when the dry run found nothing to change. */
export function nothingToChange(type: FilterJobType): string {
  return `Nothing to change: ${NOTHING_MATCHES[type]}.`;
}

/**
 * A job's result once it has ended, "7 days added to 6 keys"; null while it
 * runs and for a KeyAuth import (its page says what it did).
 */
export function jobResult(job: Pick<Job, 'type' | 'status' | 'done' | 'skipped' | 'errorCount' | 'params'>) {
  if (job.status === 'queued' || job.status === 'running') return null;
  const days = plural(job.params.days ?? 0, 'day');
  switch (job.type) {
    case 'licenses.add-time':
      return `${days} added to ${plural(job.done, 'key')}`;
    case 'users.extend':
      return `${days} added to ${plural(job.done, 'user')}`;
    case 'licenses.delete':
      return `${plural(job.done, 'key')} deleted`;
    case 'users.reset-hwid':
      return `HWID reset for ${plural(job.done, 'user')}`;
    case 'users.ban':
      return `${plural(job.done, 'user')} banned`;
    case 'users.unban':
      return `${plural(job.done, 'user')} unbanned`;
    case 'licenses.import':
      return `${plural(job.done - job.skipped - job.errorCount, 'key')} imported`;
    default:
      return null;
  }
}
