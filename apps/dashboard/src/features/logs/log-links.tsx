// The links a log sentence makes to what it names: a key opens Licenses
// searched by it, a user its page, a job its card, and so on. A page the
// caller's role may not open (Members for a viewer) shows the name unlinked.
import type { Capability } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useAppRole } from '@/lib/app-role';

/** `children` when the caller may open the page `capability` guards, else `fallback`. */
function Gate({
  capability,
  fallback,
  children,
}: {
  capability: Capability;
  fallback: ReactNode;
  children: ReactNode;
}) {
  return useAppRole().can(capability) ? children : fallback;
}

export function KeyLink({ appId, licenseKey }: { appId: string; licenseKey: string }) {
  return (
    <Link
      to="/apps/$appId/licenses"
      params={{ appId }}
      search={{ search: licenseKey }}
      title="Open this key in Licenses"
    >
      <code className="log-name">{licenseKey}</code>
    </Link>
  );
}

/** The user `userId`, named `name` (its username, when the entry recorded it). */
export function UserLink({ appId, userId, name }: { appId: string; userId: string; name: ReactNode }) {
  return (
    <Link to="/apps/$appId/users/$userId" params={{ appId, userId }} title="Open this user">
      {name}
    </Link>
  );
}

/** A bulk job: its card on Bulk actions (a KeyAuth import's on its own page). */
export function JobLink({
  appId,
  jobId,
  keyAuth,
  children,
}: {
  appId: string;
  jobId: string | undefined;
  keyAuth: boolean;
  children: ReactNode;
}) {
  if (keyAuth) {
    return (
      <Gate capability="keyauth" fallback={children}>
        <Link to="/apps/$appId/keyauth-import" params={{ appId }}>
          {children}
        </Link>
      </Gate>
    );
  }
  return (
    <Gate capability="jobs.write" fallback={children}>
      <Link to="/apps/$appId/jobs" params={{ appId }} search={{ job: jobId }} title="Open this bulk action">
        {children}
      </Link>
    </Gate>
  );
}

export function FilesLink({ appId, children }: { appId: string; children: ReactNode }) {
  return (
    <Link to="/apps/$appId/files" params={{ appId }}>
      {children}
    </Link>
  );
}

export function MembersLink({ appId, children }: { appId: string; children: ReactNode }) {
  return (
    <Gate capability="members" fallback={children}>
      <Link to="/apps/$appId/members" params={{ appId }}>
        {children}
      </Link>
    </Gate>
  );
}

export function WebhookLink({ appId, webhookId, children }: { appId: string; webhookId: string; children: ReactNode }) {
  return (
    <Gate capability="webhooks" fallback={children}>
      <Link to="/apps/$appId/webhooks/$webhookId" params={{ appId, webhookId }}>
        {children}
      </Link>
    </Gate>
  );
}

export function ResellerLink({
  appId,
  resellerId,
  children,
}: {
  appId: string;
  resellerId: string;
  children: ReactNode;
}) {
  return (
    <Link to="/apps/$appId/resellers/$resellerId" params={{ appId, resellerId }}>
      {children}
    </Link>
  );
}

export function VariablesLink({ appId, children }: { appId: string; children: ReactNode }) {
  return (
    <Link to="/apps/$appId/variables" params={{ appId }}>
      {children}
    </Link>
  );
}

export function BlacklistLink({ appId, children }: { appId: string; children: ReactNode }) {
  return (
    <Link to="/apps/$appId/blacklist" params={{ appId }}>
      {children}
    </Link>
  );
}

export function LicensesLink({ appId, children }: { appId: string; children: ReactNode }) {
  return (
    <Link to="/apps/$appId/licenses" params={{ appId }}>
      {children}
    </Link>
  );
}

export function SettingsLink({ appId, children }: { appId: string; children: ReactNode }) {
  return (
    <Gate capability="settings" fallback={children}>
      <Link to="/apps/$appId/settings" params={{ appId }}>
        {children}
      </Link>
    </Gate>
  );
}

export function StoreOrderLink({ appId, orderId, children }: { appId: string; orderId: string; children: ReactNode }) {
  return (
    <Gate capability="store" fallback={children}>
      <Link to="/apps/$appId/store/orders/$orderId" params={{ appId, orderId }}>
        {children}
      </Link>
    </Gate>
  );
}

export function StoreConnectionLink({
  appId,
  connectionId,
  children,
}: {
  appId: string;
  connectionId: string;
  children: ReactNode;
}) {
  return (
    <Gate capability="store" fallback={children}>
      <Link to="/apps/$appId/store/connections/$connectionId" params={{ appId, connectionId }}>
        {children}
      </Link>
    </Gate>
  );
}
