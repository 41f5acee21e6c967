import type { ReactNode } from 'react';
import './badge.css';

/** A coloured pill: `tone` picks the colour, the text says the status. */
export type BadgeTone = 'success' | 'danger' | 'warning' | 'neutral' | 'info';

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
