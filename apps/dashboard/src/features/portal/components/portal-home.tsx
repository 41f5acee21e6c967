import type { PortalLicense, PortalOverview, PortalUser } from '@latchkey/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert, FormError } from '@/components/ui/error-alert';
import { Badge } from '@/components/ui/status-badge';
import { formatBytes } from '@/lib/format';
import { portalApi } from '../api/portal-client';
import { timeLeft } from './time-left';

/** The signed-in customer's page: keys, users with their devices and HWID reset, and downloads. */
export function PortalHome({ publicId, onSignedOut }: { publicId: string; onSignedOut: () => void }) {
  const me = useQuery({ queryKey: ['portal', publicId, 'me'], queryFn: () => portalApi.me(publicId), retry: false });
  if (me.error) return <ErrorAlert error={me.error} />;
  if (!me.data) return <p className="muted">Loading…</p>;
  return <PortalOverviewView publicId={publicId} overview={me.data} onSignedOut={onSignedOut} />;
}

function PortalOverviewView({
  publicId,
  overview,
  onSignedOut,
}: {
  publicId: string;
  overview: PortalOverview;
  onSignedOut: () => void;
}) {
  const firstUser = overview.users.find((u) => !u.banned);
  return (
    <div className="stack">
      <section className="stack-sm" aria-label="Your keys">
        <h2>Your {overview.licenses.length === 1 ? 'key' : 'keys'}</h2>
        {overview.licenses.length === 0 ? <p className="muted">No key is linked to this sign-in.</p> : null}
        {overview.licenses.map((license) => (
          <LicenseCard key={license.licenseId} license={license} />
        ))}
      </section>
      {overview.users.map((user) => (
        <UserCard key={user.userId} publicId={publicId} user={user} />
      ))}
      {overview.files.length > 0 && firstUser ? (
        <section className="stack-sm portal-card" aria-label="Downloads">
          <h2>Downloads</h2>
          <ul className="portal-list">
            {overview.files.map((file) => (
              <li key={file.fileId} className="portal-row">
                <span>
                  <strong>{file.name}</strong> <span className="muted">{formatBytes(file.size)}</span>
                </span>
                <DownloadButton publicId={publicId} fileId={file.fileId} userId={firstUser.userId} name={file.name} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          void portalApi.signOut(publicId).finally(onSignedOut);
        }}
      >
        Sign out
      </button>
    </div>
  );
}

function LicenseCard({ license }: { license: PortalLicense }) {
  const level = license.levelName ?? `Level ${license.level}`;
  return (
    <div className="portal-card stack-sm">
      <code className="portal-key">{license.key}</code>
      <div className="portal-row">
        <span>{level}</span>
        <LicenseStatus license={license} />
      </div>
      {license.banned && license.banReason ? <p className="portal-ban">{license.banReason}</p> : null}
      <p>
        {license.status === 'UNUSED' ? (
          <span className="muted">Not activated yet: it runs {license.durationType} from first use.</span>
        ) : license.expiresAt ? (
          <>
            <strong data-testid="expiry">{timeLeft(license.expiresAt)}</strong> (<DateTime value={license.expiresAt} />)
          </>
        ) : (
          <strong>Never expires</strong>
        )}
      </p>
      {license.renewalUrl ? (
        <a className="button button-primary" href={license.renewalUrl} rel="noopener noreferrer" target="_blank">
          Renew
        </a>
      ) : null}
    </div>
  );
}

function LicenseStatus({ license }: { license: PortalLicense }) {
  if (license.banned) return <Badge tone="danger">Banned</Badge>;
  if (license.status === 'EXPIRED') return <Badge tone="warning">Expired</Badge>;
  if (license.status === 'UNUSED') return <Badge tone="neutral">Unused</Badge>;
  return <Badge tone="success">Active</Badge>;
}

function UserCard({ publicId, user }: { publicId: string; user: PortalUser }) {
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: () => portalApi.resetHwid(publicId, user.userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['portal', publicId, 'me'] }),
  });
  const state = user.hwidReset;
  const nextAt = state.nextAt ? new Date(state.nextAt) : null;
  const possibleNow = nextAt !== null && nextAt.getTime() <= Date.now();
  return (
    <section className="portal-card stack-sm" aria-label={`Account ${user.username}`}>
      <h2>{user.keyUser ? 'Your account' : user.username}</h2>
      <div className="portal-row">
        <span>{user.levelName ?? `Level ${user.level}`}</span>
        {user.banned ? <Badge tone="danger">Banned</Badge> : null}
      </div>
      {user.banned && user.banReason ? <p className="portal-ban">{user.banReason}</p> : null}
      <h3>Devices</h3>
      {user.devices.length === 0 ? <p className="muted">No device is registered.</p> : null}
      <ul className="portal-list">
        {user.devices.map((device) => (
          <li key={device.hwid} className="stack-sm">
            <span>
              <code>{device.hwid}</code> {device.bound ? <Badge tone="info">Locked to this device</Badge> : null}
            </span>
            <span className="muted">
              Last seen <DateTime value={device.lastSeenAt} empty="never" />
              {device.lastIp ? ` from ${device.lastIp}` : ''}
              {device.firstSeenAt ? (
                <>
                  {' '}
                  · first seen <DateTime value={device.firstSeenAt} />
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">
        {user.sessions.length === 0
          ? 'Not signed in anywhere right now.'
          : `Signed in on ${user.sessions.length} ${user.sessions.length === 1 ? 'device' : 'devices'} right now.`}
      </p>
      {state.mode === 'limited' ? (
        <div className="stack-sm">
          <h3>Changed your PC?</h3>
          <p className="muted">
            Reset your device lock to sign in from a new machine. {state.used} of {state.perPeriod} resets used in the
            last {state.periodDays} days.
            {state.endSessions ? ' Signed-in devices are signed out.' : ''}
          </p>
          {possibleNow ? (
            <button
              type="button"
              className="button button-primary"
              disabled={reset.isPending}
              onClick={() => reset.mutate()}
            >
              {reset.isPending ? 'Resetting…' : 'Reset my device lock'}
            </button>
          ) : (
            <p data-testid="next-reset">
              Next reset possible: <DateTime value={state.nextAt} />
            </p>
          )}
          {reset.isSuccess ? <p role="status">Done: your software can now sign in from your new machine.</p> : null}
          <FormError message={reset.error?.message} />
        </div>
      ) : null}
    </section>
  );
}

function DownloadButton({
  publicId,
  fileId,
  userId,
  name,
}: {
  publicId: string;
  fileId: string;
  userId: string;
  name: string;
}) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <span className="stack-sm">
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={`Download ${name}`}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(undefined);
          try {
            const link = await portalApi.downloadLink(publicId, fileId, userId);
            window.location.assign(link.url);
          } catch (err) {
            setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Preparing…' : 'Download'}
      </button>
      <FormError message={error} />
    </span>
  );
}
