import {
  PAGE_MAX_LIMIT,
  type AdminList,
  type AdminSuccess,
  type AppInvitation,
  type CreatedInvitation,
  type CreateInvitationRequest,
} from '@latchkey/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { membersKey } from './members';

function invitationsPath(appId: string, invitationId?: string) {
  const base = appPath(appId, 'invitations');
  return invitationId === undefined ? base : `${base}/${encodeURIComponent(invitationId)}`;
}

/** GET .../invitations (admin+): the pending invitations (one page of the most), without their tokens. */
export async function getInvitations(appId: string, signal?: AbortSignal): Promise<AppInvitation[]> {
  const path = `${invitationsPath(appId)}${toQueryString({ limit: PAGE_MAX_LIMIT })}`;
  return (await apiRequest<AdminList<AppInvitation>>(path, { signal })).data;
}

export function useInvitations(appId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...membersKey(appId), 'invitations'],
      queryFn: ({ signal }) => getInvitations(appId, signal),
    }),
  );
}

/** POST .../invitations: 201 with the single-use link, shown only in this answer. */
export async function createInvitation(appId: string, body: CreateInvitationRequest): Promise<CreatedInvitation> {
  return (await apiRequest<AdminSuccess<CreatedInvitation>>(invitationsPath(appId), { method: 'POST', body })).data;
}

export function useCreateInvitation(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationRequest) => createInvitation(appId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(appId) }),
  });
}

/** DELETE .../invitations/{invitationId}: the link stops working at once. */
export async function revokeInvitation(appId: string, invitationId: string): Promise<void> {
  await apiRequest(invitationsPath(appId, invitationId), { method: 'DELETE' });
}

export function useRevokeInvitation(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(appId, invitationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(appId) }),
  });
}
