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

/** `sameAccount`: the signed-in account signing in again (recent-sign-in-dialog), whose data stays. */
export function useLogin({
  onSuccess,
  sameAccount = false,
}: { onSuccess?: (answer: AdminLoginAnswer) => void; sameAccount?: boolean } = {}) {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!isSecondFactorChallenge(answer)) setToken(answer.accessToken, { sameAccount });
      onSuccess?.(answer);
    },
  });
}
