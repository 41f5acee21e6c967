import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import '../store.css';

const TABS = [
  { to: '/apps/$appId/store', label: 'Orders' },
  { to: '/apps/$appId/store/connections', label: 'Connections' },
  { to: '/apps/$appId/store/events', label: 'Received events' },
] as const;

/**
 * The frame of the Store section's lists: one heading, the section's own
 * links (orders, connections, received events) as tabs that are real links,
 * so each list has its address, and the page's actions.
 */
export function StoreSection({
  appId,
  title,
  actions,
  children,
}: {
  appId: string;
  /** the document's title: the tab's name */
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="stack">
      <PageHeader
        title="Store"
        description="Purchases in your store become keys: connect a store, map its products, and follow every order."
        actions={actions}
      />
      <nav className="store-tabs" aria-label="Store">
        {TABS.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            params={{ appId }}
            activeOptions={{ exact: true, includeSearch: false }}
            className="store-tab"
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}

/** A Store page about one record: the way back to its list above the heading. */
export function StoreBreadcrumb({
  appId,
  to,
  label,
}: {
  appId: string;
  to: (typeof TABS)[number]['to'];
  label: string;
}) {
  return (
    <p className="breadcrumb">
      <Link to="/apps/$appId/store" params={{ appId }}>
        Store
      </Link>
      {to === '/apps/$appId/store' ? null : (
        <>
          <span aria-hidden="true"> / </span>
          <Link to={to} params={{ appId }}>
            {label}
          </Link>
        </>
      )}
      <span aria-hidden="true"> / </span>
    </p>
  );
}
