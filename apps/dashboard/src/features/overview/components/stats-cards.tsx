import { LICENSE_STATUSES, type AppStats, type LicenseStatus, type StatsFigure } from '@latchkey/contracts';
import { useId } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatApproximateNumber, formatNumber } from '@/lib/format';
import '../overview.css';

const STATUS_LABEL: Record<LicenseStatus, string> = {
  UNUSED: 'Unused',
  USED: 'Used',
  BANNED: 'Banned',
  EXPIRED: 'Expired',
};

/** One figure: a group named by its label, so a screen reader reads "Users, 3" as one thing. */
function Figure({
  label,
  value,
  estimated = false,
  testId,
  size = 'large',
  dotClass,
}: {
  label: string;
  value: number | undefined;
  /** the API estimated it (a large count): shown in rounded words */
  estimated?: boolean;
  testId: string;
  size?: 'large' | 'small';
  /** a coloured dot before a license status, matching the bar above */
  dotClass?: string;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={`figure figure-${size}`}>
      <span className="figure-label">
        {dotClass ? <span className={`status-dot ${dotClass}`} aria-hidden="true" /> : null}
        <span id={labelId}>{label}</span>
      </span>
      <span className="figure-value" data-testid={testId}>
        {value === undefined ? (
          <Skeleton width={size === 'large' ? '3rem' : '1.5rem'} height={size === 'large' ? '2rem' : '1em'} />
        ) : estimated ? (
          formatApproximateNumber(value)
        ) : (
          formatNumber(value)
        )}
      </span>
    </div>
  );
}

/** Licenses per status: a proportional bar (decoration; the numbers follow) and one figure per status. */
function LicenseBreakdown({
  licenses,
  isEstimated,
}: {
  licenses: AppStats['licenses'] | undefined;
  isEstimated: (figure: StatsFigure) => boolean;
}) {
  return (
    <>
      <span className="stat-bar" aria-hidden="true">
        {licenses && licenses.total > 0
          ? LICENSE_STATUSES.map((status) =>
              licenses[status] > 0 ? (
                <span
                  key={status}
                  className={`stat-bar-part status-${status.toLowerCase()}`}
                  style={{ flexGrow: licenses[status] }}
                />
              ) : null,
            )
          : null}
      </span>
      <div className="stat-breakdown">
        {LICENSE_STATUSES.map((status) => (
          <Figure
            key={status}
            size="small"
            label={STATUS_LABEL[status]}
            value={licenses?.[status]}
            estimated={isEstimated(`licenses.${status}`)}
            testId={`stat-${status.toLowerCase()}-keys`}
            dotClass={`status-${status.toLowerCase()}`}
          />
        ))}
      </div>
    </>
  );
}

/** Users, live sessions and licenses by status; skeletons of the same size while loading. */
export function StatsCards({ stats }: { stats: AppStats | undefined }) {
  const isEstimated = (figure: StatsFigure) => stats?.estimated?.includes(figure) ?? false;
  return (
    <div className="stat-grid" aria-busy={stats === undefined}>
      <div className="stat card">
        <Figure label="Users" value={stats?.users} estimated={isEstimated('users')} testId="stat-users" />
        <p className="muted stat-hint">End users registered with a key.</p>
      </div>
      <div className="stat card">
        <Figure
          label="Active sessions"
          value={stats?.activeSessions}
          estimated={isEstimated('activeSessions')}
          testId="stat-active-sessions"
        />
        <p className="muted stat-hint">Signed in now, across all devices.</p>
      </div>
      <div className="stat card">
        <Figure
          label="Licenses"
          value={stats?.licenses.total}
          estimated={isEstimated('licenses.total')}
          testId="stat-licenses"
        />
        <LicenseBreakdown licenses={stats?.licenses} isEstimated={isEstimated} />
      </div>
    </div>
  );
}
