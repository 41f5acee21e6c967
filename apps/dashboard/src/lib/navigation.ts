// A hash router: the dashboard is served as static files at `/`, so keeping
// the route in `location.hash` needs no server-side fallback and survives reloads.
import { useSyncExternalStore } from 'react';

function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  const path = hash.split('?')[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

/** The current route path, e.g. `/apps` for `#/apps`. */
export function useCurrentPath(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

/** Goes to `href` (a `#/...` link from `paths`). `replace` keeps it out of history. */
export function navigate(href: string, { replace = false }: { replace?: boolean } = {}): void {
  if (window.location.hash === href) return;
  if (replace) {
    const url = new URL(window.location.href);
    url.hash = href;
    window.history.replaceState(window.history.state, '', url);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = href;
  }
}
