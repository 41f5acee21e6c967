import type { ReactNode } from 'react';
import './empty-state.css';

/** What an empty list says: what would be here, and how to get it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children ? <div className="muted">{children}</div> : null}
    </div>
  );
}
