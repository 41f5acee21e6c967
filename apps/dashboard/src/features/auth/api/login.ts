import type { AdminLoginRequest, AdminLoginResult, AdminSuccess } from '@latchkey/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/auth-token';

/** POST /v1/admin/auth/login */
export async function login(body: AdminLoginRequest): Promise<AdminLoginResult> {
  const res = await apiRequest<AdminSuccess<AdminLoginResult>>('/v1/admin/auth/login', {
    method: 'POST',
    body,
    auth: false,
  });
  return res.data;
}

export function useLogin({ onSuccess }: { onSuccess?: (result: AdminLoginResult) => void } = {}) {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      setToken(result.accessToken);
      onSuccess?.(result);
    },
  });
}
