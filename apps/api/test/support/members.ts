import type { MemberRole } from '@latchkey/contracts';
import { type Owner, signupOwner } from '../factories/index.js';
import { http } from './http.js';

/** A new owner-role account that joined the owner's app through an invitation with `role`. */
export async function memberOf(owner: Owner, appId: string, role: MemberRole): Promise<Owner> {
  const member = await signupOwner();
  const invited = await http('POST', `/v1/admin/apps/${appId}/invitations`, { token: owner.token, body: { role } });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const accepted = await http('POST', '/v1/admin/invitations/accept', {
    token: member.token,
    body: { token: invited.body.data.token },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return member;
}
