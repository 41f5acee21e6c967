// The navigation of an app's pages and which of them the caller's role may
// open (the app layout hides the others' links and does not render them).
import type { Capability } from '@latchkey/contracts';
import type { AppAccess } from '@/lib/app-role';

/**
 * The application's pages, in the order of the navigation. A page with a
 * `capability` is for the roles that have it: the others see neither its
 * link nor the page (every role may read the rest).
 */
export const sections = [
  { to: '/apps/$appId', label: 'Overview', exact: true },
  { to: '/apps/$appId/licenses', label: 'Licenses' },
  { to: '/apps/$appId/resellers', label: 'Resellers' },
  { to: '/apps/$appId/store', label: 'Store', capability: 'store' },
  { to: '/apps/$appId/users', label: 'Users' },
  { to: '/apps/$appId/jobs', label: 'Bulk actions', capability: 'jobs.write' },
  { to: '/apps/$appId/keyauth', label: 'KeyAuth', capability: 'keyauth' },
  // Reached from the KeyAuth page, not the navigation; listed for its role trimming.
  { to: '/apps/$appId/keyauth-import', label: 'Import from KeyAuth', capability: 'keyauth', inNav: false },
  { to: '/apps/$appId/sessions', label: 'Sessions' },
  { to: '/apps/$appId/variables', label: 'Variables' },
  { to: '/apps/$appId/blacklist', label: 'Blacklist' },
  { to: '/apps/$appId/files', label: 'Files' },
  { to: '/apps/$appId/webhooks', label: 'Webhooks', capability: 'webhooks' },
  { to: '/apps/$appId/logs', label: 'Logs' },
  { to: '/apps/$appId/members', label: 'Members', capability: 'members' },
  { to: '/apps/$appId/settings', label: 'Settings', capability: 'settings' },
] as const satisfies readonly {
  to: string;
  label: string;
  exact?: true;
  capability?: Capability;
  inNav?: false;
}[];

/** The pages the navigation links to, for `access`. */
export function navSections(access: AppAccess) {
  return sections.filter((section) => allowed(access, section) && !('inNav' in section));
}

export function allowed(access: AppAccess, section: (typeof sections)[number]): boolean {
  return !('capability' in section) || access.can(section.capability);
}

/** Whether the page at `pathname` (of app `appId`) is one the caller's role may open. */
export function mayOpen(access: AppAccess, appId: string, pathname: string): boolean {
  const section = sections.find(
    (candidate) => !('exact' in candidate) && `${pathname}/`.startsWith(`${candidate.to.replace('$appId', appId)}/`),
  );
  return section === undefined || allowed(access, section);
}
