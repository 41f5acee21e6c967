import { describe, expect, it } from '@jest/globals';
import type { AppStats } from '@latchkey/contracts';
import { render, screen } from '@testing-library/react';
import { formatApproximateNumber, formatNumber } from '@/lib/format';
import { StatsCards } from './stats-cards';

const stats: AppStats = {
  users: 104_321,
  activeSessions: 12,
  licenses: { UNUSED: 891_800, USED: 98_900, BANNED: 700, EXPIRED: 0, total: 991_400 },
  activations: [],
  logins: [],
  estimated: ['users', 'licenses.UNUSED', 'licenses.USED', 'licenses.total'],
};

describe('StatsCards', () => {
  it('writes the figures the API estimated in rounded words and the exact ones as numbers', () => {
    render(<StatsCards stats={stats} />);
    expect(screen.getByTestId('stat-users').textContent).toBe(formatApproximateNumber(104_321));
    expect(screen.getByTestId('stat-licenses').textContent).toBe(formatApproximateNumber(991_400));
    expect(screen.getByTestId('stat-unused-keys').textContent).toBe(formatApproximateNumber(891_800));
    expect(screen.getByTestId('stat-banned-keys').textContent).toBe(formatNumber(700));
    expect(screen.getByTestId('stat-active-sessions').textContent).toBe(formatNumber(12));
  });
});
