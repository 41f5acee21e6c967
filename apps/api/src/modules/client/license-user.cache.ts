import { LRUCache, type Perf } from 'lru-cache';

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
 * invalidation is needed, only a bound on size (least recently used first)
 * and on age (from when an entry was last written).
 */
export class LicenseUserCache {
  private readonly entries: LRUCache<string, LicenseUser>;

  /** @param clock the clock ages are measured on (tests); default lru-cache's, `performance.now()` */
  constructor(clock?: Perf) {
    this.entries = new LRUCache({ max: MAX_ENTRIES, ttl: TTL_MS, ...(clock ? { perf: clock, ttlResolution: 0 } : {}) });
  }

  get(appId: string, key: string): LicenseUser | undefined {
    return this.entries.get(cacheKey(appId, key));
  }

  set(appId: string, key: string, user: LicenseUser): void {
    this.entries.set(cacheKey(appId, key), user);
  }

  delete(appId: string, key: string): void {
    this.entries.delete(cacheKey(appId, key));
  }
}

function cacheKey(appId: string, key: string): string {
  return `${appId}:${key}`;
}
