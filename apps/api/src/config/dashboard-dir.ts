import path from 'node:path';

/**
 * The checkout's built dashboard (apps/dashboard/dist), served when DASHBOARD_DIR is unset. Found from this
 * module's folder, which is one level below the build's output both as tsc writes it (dist/config/) and as
 * the bundle runs it (dist/bundle/).
 */
export function defaultDashboardDir(): string {
  return path.resolve(import.meta.dirname, '../../../dashboard/dist');
}
