import type { AdminUser } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { DateTime } from '@/components/ui/date-time';
import { Badge } from '@/components/ui/status-badge';

/** What the owner knows of one user: status, license, HWID, expiry, last login and IP. */
export function UserDetails({ appId, user }: { appId: string; user: AdminUser }) {
  return (
    <dl className="details" aria-label={`Details of ${user.username}`}>
      <dt>Status</dt>
      <dd>
        {user.banned ? <Badge tone="danger">Banned</Badge> : <Badge tone="success">Active</Badge>}
        {user.banReason ? <span className="muted"> {user.banReason}</span> : null}
        {user.banned && user.banPublicReason ? (
          <span className="muted" data-testid="user-public-reason">
            {' '}
            (the customer sees: {user.banPublicReason})
          </span>
        ) : null}
      </dd>
      <dt>Level</dt>
      <dd>{user.level}</dd>
      <dt>Max devices</dt>
      <dd>{user.maxDevices}</dd>
      <dt>Expires</dt>
      <dd data-testid="user-expires">{user.expiresAt ? <DateTime value={user.expiresAt} /> : 'Never (lifetime)'}</dd>
      <dt>HWID</dt>
      <dd data-testid="user-hwid">
        {user.hwid ? <code>{user.hwid}</code> : <span className="muted">None bound</span>}
      </dd>
      <dt>HWID self-resets</dt>
      <dd data-testid="user-self-resets" title="Resets the customer made on the customer page">
        {user.hwidSelfResets}
      </dd>
      <dt>License</dt>
      <dd data-testid="user-license">
        {user.licenseKey ? (
          <Link
            to="/apps/$appId/licenses"
            params={{ appId }}
            search={{ search: user.licenseKey }}
            title="Open this key in Licenses"
          >
            <code>{user.licenseKey}</code>
          </Link>
        ) : (
          <span className="muted">None (created by the owner)</span>
        )}
      </dd>
      <dt>Last login</dt>
      <dd>
        {user.lastLoginAt ? <DateTime value={user.lastLoginAt} /> : <span className="muted">Never</span>}
        {user.lastIp ? <span className="muted"> from {user.lastIp}</span> : null}
      </dd>
      <dt>Created</dt>
      <dd>
        <DateTime value={user.createdAt} />
      </dd>
    </dl>
  );
}
