/** What a repeat `license` call needs to open a session without reading first. */
export interface LicenseUser {
  licenseId: string;
  userId: string;
  /** the HWID the user had when last seen; open_session refuses if it has changed */
  hwid: string | null;
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

/**
 * Which user a license key logs in as, remembered per process after a
 * successful `license` call, so the next call for that key opens its session
 * in one round trip. Never trusted for a decision: open_session re-checks the
 * user and the key under lock and opens nothing if anything changed (ban,
 * expiry, HWID, deletion), and the caller then takes the full path. So no
 * invalidation is needed, only a bound on size and age.
 */
export class LicenseUserCache {
  private readonly entries = new Map<string, { user: LicenseUser; expiresAt: number }>();

  get(appId: string, key: string): LicenseUser | undefined {
    const id = `${appId}:${key}`;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.user;
    this.entries.delete(id);
    return undefined;
  }

  set(appId: string, key: string, user: LicenseUser): void {
    const id = `${appId}:${key}`;
    this.entries.delete(id);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { user, expiresAt: Date.now() + TTL_MS });
  }

  delete(appId: string, key: string): void {
    this.entries.delete(`${appId}:${key}`);
  }
}
