import type { PortalBranding } from '@latchkey/contracts';
import type { CSSProperties, ReactNode } from 'react';
import './portal.css';

/** The portal's page: the vendor's name and support link over a single column, phone first. */
export function PortalFrame({
  branding,
  style,
  children,
}: {
  branding?: PortalBranding;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <main className="portal-page" style={style}>
      <header className="portal-header">
        <h1>{branding?.name ?? ''}</h1>
        {branding?.supportUrl ? (
          <a href={branding.supportUrl} rel="noopener noreferrer" target="_blank">
            Support
          </a>
        ) : null}
      </header>
      <div className="portal-body">{children}</div>
    </main>
  );
}
