// Every route of the dashboard, in one place. `path` is what the router
// matches; `getHref()` is what links and navigation use.
export const paths = {
  home: { path: '/', getHref: () => '#/' },
  signIn: { path: '/sign-in', getHref: () => '#/sign-in' },
  signUp: { path: '/sign-up', getHref: () => '#/sign-up' },
  apps: { path: '/apps', getHref: () => '#/apps' },
} as const;
