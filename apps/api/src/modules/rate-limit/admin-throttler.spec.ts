import { describe, expect, it, jest } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerRequest } from '@nestjs/throttler';

/** A request from an IPv6 client, with the principal AccessTokenGuard set. */
const request = { ip: '2001:db8:1:2:aaaa::1', principal: { accountId: 'acc-1' } };

// @nestjs/throttler's CommonJS build cannot load the ESM-only @nestjs/common
// under Jest: its guard is replaced by one that records the tracker of each count.
jest.unstable_mockModule('@nestjs/throttler', () => ({
  ThrottlerGuard: class {
    readonly counted: string[] = [];
    async handleRequest({ getTracker, context }: ThrottlerRequest): Promise<boolean> {
      this.counted.push(await getTracker(request, context));
      return true;
    }
  },
}));
jest.unstable_mockModule('@nest-lab/throttler-storage-redis', () => ({ ThrottlerStorageRedisService: class {} }));
const { AccountThrottlerGuard, clientTracker } = await import('./admin-throttler.js');

interface RecordingGuard {
  counted: string[];
  handleRequest(request: ThrottlerRequest): Promise<boolean>;
}

describe('admin throttler', () => {
  it('counts a client as the client limit does: an IPv4 address, or an IPv6 /64', () => {
    expect(clientTracker({ ip: '2001:db8:1:2:aaaa::1' })).toBe('2001:db8:1:2::/64');
    expect(clientTracker({ ip: '2001:db8:1:2:bbbb::9' })).toBe('2001:db8:1:2::/64');
    expect(clientTracker({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
  });

  it('counts a password change per client and per account', async () => {
    const guard = new (AccountThrottlerGuard as unknown as new () => RecordingGuard)();
    await guard.handleRequest({
      context: {} as ExecutionContext,
      getTracker: clientTracker,
    } as unknown as ThrottlerRequest);
    expect(guard.counted).toEqual(['2001:db8:1:2::/64', 'account:acc-1']);
  });
});
