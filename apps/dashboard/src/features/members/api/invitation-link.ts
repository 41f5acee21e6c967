import type { AdminSuccess, AcceptedInvitation, InvitationPreview } from '@latchkey/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { appsListKey } from '@/lib/query-keys';

/** GET /v1/admin/invitations/{token} (public): what the link offers; 404 unknown, 410 expired or used. */
export async function getInvitationPreview(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  const res = await apiRequest<AdminSuccess<InvitationPreview>>(`/v1/admin/invitations/${encodeURIComponent(token)}`, {
    signal,
    auth: false,
  });
  return res.data;
}

export function useInvitationPreview(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['invitation', token],
      queryFn: ({ signal }) => getInvitationPreview(token, signal),
      // Accepting uses the link up; the preview must not come back from the cache as still open.
      staleTime: 0,
    }),
  );
}

/** POST /v1/admin/invitations/accept: the signed-in account joins the app with the invitation's role. */
export async function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  return (
    await apiRequest<AdminSuccess<AcceptedInvitation>>('/v1/admin/invitations/accept', {
      method: 'POST',
      body: { token },
    })
  ).data;
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsListKey }),
  });
}
