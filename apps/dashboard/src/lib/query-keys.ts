// Every query about one application starts with `appScope(appId)`, followed by
// the feature's name: ['app', appId, 'licenses', 'list', { page, ... }].
// A mutation invalidates its own feature's key (exported by the feature's list
// or detail endpoint file); one whose effect reaches other features (a ban ends
// sessions, a registration changes the counts) invalidates the whole app scope.
// Only queries on screen refetch; the others are marked stale.

/** Prefix of every page of the caller's apps list: a change to which apps it holds invalidates it. */
export const appsListKey = ['apps', 'list'] as const;

export function appScope(appId: string) {
  return ['app', appId] as const;
}
