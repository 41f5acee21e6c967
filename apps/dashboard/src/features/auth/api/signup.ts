import type { AdminSuccess, SignupRequest, SignupResult } from '@latchkey/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/auth-token';

/** POST /v1/admin/auth/signup (403 when sign-up is disabled on this server) */
export async function signup(body: SignupRequest): Promise<SignupResult> {
  const res = await apiRequest<AdminSuccess<SignupResult>>('/v1/admin/auth/signup', {
    method: 'POST',
    body,
    auth: false,
  });
  return res.data;
}

export function useSignup({ onSuccess }: { onSuccess?: (result: SignupResult) => void } = {}) {
  return useMutation({
    mutationFn: signup,
    onSuccess: (result) => {
      setToken(result.accessToken);
      onSuccess?.(result);
    },
  });
}
