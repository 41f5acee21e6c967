import type { AdminSuccess, TotpEnrolment } from '@latchkey/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /v1/admin/auth/two-factor/totp: a new pending secret; TOTP is on only once a first code confirms it. */
export async function enrolTotp(): Promise<TotpEnrolment> {
  return (await apiRequest<AdminSuccess<TotpEnrolment>>('/v1/admin/auth/two-factor/totp', { method: 'POST' })).data;
}

export function useEnrolTotp() {
  return useMutation({ mutationFn: enrolTotp });
}
