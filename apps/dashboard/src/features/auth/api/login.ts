import {
  type AdminLoginAnswer,
  type AdminLoginRequest,
  type AdminSuccess,
  isSecondFactorChallenge,
} from '@latchkey/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/auth-token';

/** POST /v1/admin/auth/login: a token, or the second-factor challenge to answer first. */
export async function login(body: AdminLoginRequest): Promise<AdminLoginAnswer> {
  const res = await apiRequest<AdminSuccess<AdminLoginAnswer>>('/v1/admin/auth/login', {
    method: 'POST',
    body,
    auth: false,
  });
  return res.data;
}

export function useLogin({ onSuccess }: { onSuccess?: (answer: AdminLoginAnswer) => void } = {}) {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!isSecondFactorChallenge(answer)) setToken(answer.accessToken);
      onSuccess?.(answer);
    },
  });
}
