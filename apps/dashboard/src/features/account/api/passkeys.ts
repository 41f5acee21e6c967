import type { AdminSuccess, Passkey } from '@latchkey/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from '@/lib/api-client';
import { accountSecurityKey } from './get-two-factor';

/** The account's passkeys: invalidate after a change. */
export const accountPasskeysKey = ['account', 'passkeys'] as const;

/** GET /v1/admin/auth/passkeys */
export async function getPasskeys(signal?: AbortSignal) {
  return (await apiRequest<AdminSuccess<Passkey[]>>('/v1/admin/auth/passkeys', { signal })).data;
}

export function usePasskeys() {
  return useQuery(queryOptions({ queryKey: accountPasskeysKey, queryFn: ({ signal }) => getPasskeys(signal) }));
}

/**
 * Registers a passkey of this device under `name`: the API's options, the
 * browser's prompt (startRegistration), then the answer back to the API.
 */
export async function registerPasskey(name: string): Promise<Passkey> {
  const options = await apiRequest<AdminSuccess<PublicKeyCredentialCreationOptionsJSON>>(
    '/v1/admin/auth/passkeys/registration-options',
    { method: 'POST' },
  );
  const response = await startRegistration({ optionsJSON: options.data });
  return (
    await apiRequest<AdminSuccess<Passkey>>('/v1/admin/auth/passkeys', { method: 'POST', body: { name, response } })
  ).data;
}

function usePasskeyMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The two-factor status counts passkeys, and the sign-in history records their changes.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountPasskeysKey }),
        queryClient.invalidateQueries({ queryKey: accountSecurityKey }),
      ]),
  });
}

export function useRegisterPasskey() {
  return usePasskeyMutation(registerPasskey);
}

/** PATCH /v1/admin/auth/passkeys/{id} */
export function useRenamePasskey() {
  return usePasskeyMutation(({ id, name }: { id: string; name: string }) =>
    apiRequest(`/v1/admin/auth/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } }),
  );
}

/** DELETE /v1/admin/auth/passkeys/{id}: the passkey signs in no more. */
export function useRemovePasskey() {
  return usePasskeyMutation((id: string) =>
    apiRequest(`/v1/admin/auth/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}
