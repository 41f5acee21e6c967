import { getRouteApi, Link, Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Badge } from '@/components/ui/status-badge';
import { useApp } from '@/features/apps/api/get-app';
import { accessFor, AppRoleProvider } from '@/lib/app-role';
import { RoleBadge } from '@/components/domain/role-badge';
import { ApiError } from '@/lib/api-client';
import { mayOpen, navSections } from './sections';
import './layout.css';

const appRoute = getRouteApi('/dashboard/apps/$appId');

export function AppLayout() {
  const { appId } = appRoute.useParams();
  const appQuery = useApp(appId);
  const access = accessFor(appQuery.data?.role);
  const navRef = useRef<HTMLElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });

  // On a phone the navigation is one scrolling row: bring the current page's
  // link to its middle, scrolling the row only (never the page). The links appear
  // once the caller's role is known, so a deep link waits for it.
  useEffect(() => {
    const nav = navRef.current;
    const link = nav?.querySelector('[data-status="active"]');
    if (!nav || !link) return;
    if (nav.scrollWidth <= nav.clientWidth) return;
    // Centred, so neither the faded edges nor the "more" button cover it.
    const navBox = nav.getBoundingClientRect();
    const linkBox = link.getBoundingClientRect();
    nav.scrollLeft += linkBox.left + linkBox.width / 2 - (navBox.left + navBox.width / 2);
  }, [pathname, access.role]);

  const more = useHiddenSides(navRef, access.role);

  if (appQuery.error instanceof ApiError && appQuery.error.status === 404) {
    return (
      <div className="stack-lg">
        <h1>Application not found</h1>
        <p className="muted">It may have been deleted, or it belongs to another account.</p>
        <p>
          <Link to="/apps">Back to your applications</Link>
        </p>
      </div>
    );
  }

  const app = appQuery.data;
  return (
    <div className="app-page">
      <div className="app-head">
        <p className="breadcrumb">
          <Link to="/apps">Applications</Link>
          <span aria-hidden="true"> / </span>
        </p>
        <div className="app-title-row">
          <p className="app-title" data-testid="app-name">
            {app ? app.name : <Skeleton width="10rem" height="1.5rem" />}
          </p>
          {app ? (
            <Badge tone={app.enabled ? 'success' : 'neutral'}>{app.enabled ? 'Enabled' : 'Disabled'}</Badge>
          ) : null}
          {access.role ? (
            <span className="app-role" data-testid="app-role">
              <span className="visually-hidden">Your role: </span>
              <RoleBadge role={access.role} />
            </span>
          ) : null}
          <span className="app-id">
            <code>{appId}</code>
            <CopyButton
              value={appId}
              className="button button-ghost button-small"
              accessibleLabel="Copy app ID"
              copiedMessage="App ID copied"
            />
          </span>
        </div>
        <ErrorAlert error={appQuery.error} title="Could not load the application" />
      </div>
      <div className="app-body">
        <div
          className="app-nav-frame"
          data-more-left={more.left || undefined}
          data-more-right={more.right || undefined}
        >
          <nav className="app-nav" aria-label="Application" ref={navRef}>
            {navSections(access).map((section) => (
              <Link
                key={section.to}
                to={section.to}
                params={{ appId }}
                activeOptions={{ exact: 'exact' in section, includeSearch: false }}
                className="app-nav-link"
              >
                {section.label}
              </Link>
            ))}
          </nav>
          {more.right ? (
            <button
              type="button"
              className="app-nav-more"
              aria-label="More sections"
              onClick={() => navRef.current?.scrollBy({ left: navRef.current.clientWidth * 0.75, behavior: 'smooth' })}
            >
              <span aria-hidden="true">›</span>
            </button>
          ) : null}
        </div>
        <div className="app-content">
          {/* Until the role is known no page shows, so none flashes buttons the role lacks. */}
          {!access.role ? null : mayOpen(access, appId, pathname) ? (
            <AppRoleProvider role={access.role}>
              <Outlet />
            </AppRoleProvider>
          ) : (
            <div className="stack">
              <h1>Not available for your role</h1>
              <p className="muted">Ask an admin of this application if you need this page.</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * Which sides of a scrolling row hide links (a phone's one-row navigation),
 * so the row can fade there and offer a button: a cut-off row gives no other
 * hint that Members and Settings exist. `deps` re-measures when links change.
 */
function useHiddenSides(ref: RefObject<HTMLElement | null>, deps: unknown) {
  const [sides, setSides] = useState({ left: false, right: false });
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const measure = () => {
      const left = row.scrollLeft > 1;
      const right = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setSides((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, [ref, deps]);
  return sides;
}
