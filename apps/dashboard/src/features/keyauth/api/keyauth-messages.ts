import type { AdminSuccess, KeyAuthMessages, UpdateKeyAuthMessagesRequest } from '@latchkey/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { keyAuthPath, keyAuthSettingsKey } from './get-keyauth-settings';

function messagesPath(appId: string) {
  return `${keyAuthPath(appId)}/messages`;
}

/** Key of the app's KeyAuth messages, beside its settings. */
export function keyAuthMessagesKey(appId: string) {
  return [...keyAuthSettingsKey(appId), 'messages'] as const;
}

/** GET .../keyauth/messages: every replaceable message's default, and the app's replacements. */
export async function getKeyAuthMessages(appId: string, signal?: AbortSignal): Promise<KeyAuthMessages> {
  const res = await apiRequest<AdminSuccess<KeyAuthMessages>>(messagesPath(appId), { signal });
  return res.data;
}

/** PUT .../keyauth/messages: every replacement at once (a message left out answers its default). */
export async function updateKeyAuthMessages(
  appId: string,
  body: UpdateKeyAuthMessagesRequest,
): Promise<KeyAuthMessages> {
  const res = await apiRequest<AdminSuccess<KeyAuthMessages>>(messagesPath(appId), { method: 'PUT', body });
  return res.data;
}

export function useKeyAuthMessages(appId: string) {
  return useQuery(
    queryOptions({
      queryKey: keyAuthMessagesKey(appId),
      queryFn: ({ signal }) => getKeyAuthMessages(appId, signal),
    }),
  );
}

export function useUpdateKeyAuthMessages(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateKeyAuthMessagesRequest) => updateKeyAuthMessages(appId, body),
    onSuccess: (messages) => queryClient.setQueryData(keyAuthMessagesKey(appId), messages),
  });
}
