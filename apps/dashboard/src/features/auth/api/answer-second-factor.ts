import type { AdminLoginResult, AdminSuccess, SecondFactorRequest } from '@latchkey/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/auth-token';

/** POST /v1/admin/auth/login/second-factor: the sign-in's challenge answered with a TOTP or recovery code. */
export async function answerSecondFactor(body: SecondFactorRequest): Promise<AdminLoginResult> {
  const res = await apiRequest<AdminSuccess<AdminLoginResult>>('/v1/admin/auth/login/second-factor', {
    method: 'POST',
    body,
    auth: false,
  });
  return res.data;
}

/** `sameAccount`: the signed-in account signing in again (recent-sign-in-dialog), whose data stays. */
export function useAnswerSecondFactor({
  onSuccess,
  sameAccount = false,
}: { onSuccess?: (result: AdminLoginResult) => void; sameAccount?: boolean } = {}) {
  return useMutation({
    mutationFn: answerSecondFactor,
    onSuccess: (result) => {
      setToken(result.accessToken, { sameAccount });
      onSuccess?.(result);
    },
  });
}
