import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useMe } from '@/features/auth/api/get-me';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { RecentSignInDialog } from '@/features/auth/components/recent-sign-in-dialog';
import './layout.css';

function Brand() {
  return (
    <span className="brand">
      <span className="brand-mark" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2.2">
          <circle cx="8" cy="12" r="4" />
          <path d="M12 12h9M18 12v3.5M21 12v2.5" strokeLinecap="round" />
        </svg>
      </span>
      Latchkey
    </span>
  );
}

/** Pages for signed-out visitors: a centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-brand">
        <Brand />
      </div>
      <div className="card auth-card">{children}</div>
    </main>
  );
}

/** Pages for a signed-in account: header with navigation, account and sign-out. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  // A reseller's home is its console; it has no applications list.
  const soldAppId = useMe().data?.apps?.[0]?.appId;
  const home = soldAppId ? (
    <Link className="brand-link" to="/sell/$appId" params={{ appId: soldAppId }}>
      <Brand />
    </Link>
  ) : (
    <Link className="brand-link" to="/apps">
      <Brand />
    </Link>
  );
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        {home}
        <nav aria-label="Main" className="topbar-nav">
          {soldAppId ? (
            <Link to="/sell/$appId" params={{ appId: soldAppId }}>
              Your keys
            </Link>
          ) : (
            <Link to="/apps">Applications</Link>
          )}
        </nav>
        <AccountMenu />
      </header>
      <main className="content" id="main">
        {children}
      </main>
      <RecentSignInDialog />
    </div>
  );
}
