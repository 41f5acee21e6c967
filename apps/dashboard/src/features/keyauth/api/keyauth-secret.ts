import type { AdminSuccess, KeyAuthSecret, SetKeyAuthSecretRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { keyAuthPath, keyAuthSettingsKey } from './get-keyauth-settings';

/**
 * POST .../keyauth/secret: replaces the 1.2 secret with `secret` (64 hex
 * characters), or with a new random one when absent; answers the secret now in use.
 */
export async function setKeyAuthSecret(appId: string, body: SetKeyAuthSecretRequest): Promise<string> {
  const res = await apiRequest<AdminSuccess<KeyAuthSecret>>(`${keyAuthPath(appId)}/secret`, {
    method: 'POST',
    body,
  });
  return res.data.secret;
}

/** POST .../keyauth/secret/reveal: the 1.2 secret in the clear (a POST: audited, never cached). */
export async function revealKeyAuthSecret(appId: string): Promise<string> {
  const res = await apiRequest<AdminSuccess<KeyAuthSecret>>(`${keyAuthPath(appId)}/secret/reveal`, {
    method: 'POST',
  });
  return res.data.secret;
}

/** The settings say whether a secret exists (`secretSet`): they are fetched again after a change. */
export function useSetKeyAuthSecret(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetKeyAuthSecretRequest) => setKeyAuthSecret(appId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyAuthSettingsKey(appId) }),
  });
}

/** Nothing cached holds the secret, so revealing it changes nothing to invalidate. */
export function useRevealKeyAuthSecret(appId: string) {
  return useMutation({ mutationFn: () => revealKeyAuthSecret(appId) });
}
