import { EmailText } from '@/components/ui/email-text';
import { useState } from 'react';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert } from '@/components/ui/error-alert';
import { RowActions } from '@/components/ui/row-actions';
import { SimpleTable } from '@/components/ui/simple-table';
import { Skeleton } from '@/components/ui/skeleton';
import { roleAtLeast, type AppMember, type AppRole } from '@latchkey/contracts';
import { useMembers, useRemoveMember } from '../api/members';
import { ChangeRoleDialog } from './member-dialogs';
import { RoleBadge } from '@/components/domain/role-badge';

/** Whether a caller of `callerRole` may change or remove `member`: never the owner, never a role above its own. */
export function mayManageMember(callerRole: AppRole, member: AppMember, callerId: string | undefined): boolean {
  return !member.owner && member.accountId !== callerId && roleAtLeast(callerRole, member.role);
}

/** The app's owner and members with their roles; change a role or remove a member. */
export function MembersSection({
  appId,
  callerRole,
  callerId,
}: {
  appId: string;
  callerRole: AppRole;
  callerId: string | undefined;
}) {
  const members = useMembers(appId);
  const remove = useRemoveMember(appId);
  const [changing, setChanging] = useState<AppMember | null>(null);
  const [removing, setRemoving] = useState<AppMember | null>(null);

  return (
    <section className="stack" aria-labelledby="members-heading">
      <h2 id="members-heading">Who has access</h2>
      <ErrorAlert error={members.error} title="Could not load the members" />
      {members.isPending ? (
        <Skeleton height="6em" />
      ) : members.data ? (
        <SimpleTable label="Members" headers={['Email', 'Role', 'Joined']}>
          {members.data.map((member) => (
            <tr key={member.accountId}>
              <td>
                <EmailText email={member.email} />
                {member.accountId === callerId ? <span className="muted"> (you)</span> : null}
              </td>
              <td>
                <RoleBadge role={member.role} />
              </td>
              <td>
                <DateTime value={member.createdAt} />
              </td>
              <td className="col-actions">
                {mayManageMember(callerRole, member, callerId) ? (
                  <RowActions
                    label={member.email}
                    actions={[
                      { label: 'Change role', onSelect: () => setChanging(member) },
                      { label: 'Remove', destructive: true, onSelect: () => setRemoving(member) },
                    ]}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </SimpleTable>
      ) : null}
      {changing ? (
        <ChangeRoleDialog appId={appId} callerRole={callerRole} member={changing} onClose={() => setChanging(null)} />
      ) : null}
      <RowConfirmDialog
        row={removing}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.email ?? 'member'}?`}
        description="They lose this application at their next request, tokens included. Their changes stay in the logs."
        confirmLabel="Remove member"
        onConfirm={async (member) => {
          await remove.mutateAsync(member.accountId);
          return `${member.email} removed`;
        }}
      />
    </section>
  );
}
