import type { AppStats } from '@latchkey/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';

/** The app's counts at a glance: users, live sessions, and licenses by status. */
export function StatsCards({ stats }: { stats: AppStats | undefined }) {
  const cards = [
    { label: 'Users', value: stats?.users },
    { label: 'Active sessions', value: stats?.activeSessions },
    { label: 'Unused keys', value: stats?.licenses.UNUSED },
    { label: 'Used keys', value: stats?.licenses.USED },
    { label: 'Banned keys', value: stats?.licenses.BANNED },
    { label: 'Expired keys', value: stats?.licenses.EXPIRED },
  ];
  return (
    <ul className="stat-cards" aria-label="Counts">
      {cards.map((card) => (
        <li key={card.label} className="stat-card">
          <span className="stat-label">{card.label}</span>
          <span className="stat-value" data-testid={`stat-${card.label.toLowerCase().replaceAll(' ', '-')}`}>
            {card.value === undefined ? <Skeleton width="3rem" height="1.75rem" /> : formatNumber(card.value)}
          </span>
        </li>
      ))}
    </ul>
  );
}
