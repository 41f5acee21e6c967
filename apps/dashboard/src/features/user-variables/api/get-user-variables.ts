import { UserVariableLimits, type AdminList, type UserVariable } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

export function userVariablesPath(appId: string, userId: string): string {
  return appPath(appId, 'users', userId, 'variables');
}

/** GET .../users/{userId}/variables: all of them, as a user holds at most UserVariableLimits.perUser. */
export function getUserVariables(appId: string, userId: string, signal?: AbortSignal) {
  return apiRequest<AdminList<UserVariable>>(
    `${userVariablesPath(appId, userId)}${toQueryString({ limit: UserVariableLimits.perUser })}`,
    { signal },
  );
}

/** Every query of this feature starts with the app's key and the user's id: its mutations invalidate it. */
export function userVariablesKey(appId: string, userId: string) {
  return [...appScope(appId), 'user-variables', userId] as const;
}

export function useUserVariables(appId: string, userId: string) {
  return useQuery(
    queryOptions({
      queryKey: userVariablesKey(appId, userId),
      queryFn: ({ signal }) => getUserVariables(appId, userId, signal),
    }),
  );
}
