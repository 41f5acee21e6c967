import { useState } from 'react';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SimpleTable } from '@/components/ui/simple-table';
import { Skeleton } from '@/components/ui/skeleton';
import type { AppInvitation } from '@latchkey/contracts';
import { useInvitations, useRevokeInvitation } from '../api/invitations';
import { ROLE_LABELS, RoleBadge } from '@/components/domain/role-badge';

/** Links handed out and not used yet; revoking one makes it useless at once. */
export function InvitationsSection({ appId }: { appId: string }) {
  const invitations = useInvitations(appId);
  const revoke = useRevokeInvitation(appId);
  const [revoking, setRevoking] = useState<AppInvitation | null>(null);

  return (
    <section className="stack" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Pending invitations</h2>
      <ErrorAlert error={invitations.error} title="Could not load the invitations" />
      {invitations.isPending ? (
        <Skeleton height="4em" />
      ) : invitations.data && invitations.data.length > 0 ? (
        <SimpleTable label="Pending invitations" headers={['For', 'Role', 'Invited by', 'Created', 'Expires']}>
          {invitations.data.map((invitation) => (
            <tr key={invitation.id}>
              <td className="break">{invitation.label ?? <span className="muted">No label</span>}</td>
              <td>
                <RoleBadge role={invitation.role} />
              </td>
              <td className="break">{invitation.inviterEmail}</td>
              <td>
                <DateTime value={invitation.createdAt} />
              </td>
              <td>
                <DateTime value={invitation.expiresAt} />
              </td>
              <td className="col-actions">
                <button
                  type="button"
                  className="button button-danger button-small"
                  aria-label={
                    invitation.label
                      ? `Revoke the invitation ${invitation.label}`
                      : `Revoke the ${ROLE_LABELS[invitation.role].toLowerCase()} invitation`
                  }
                  onClick={() => setRevoking(invitation)}
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </SimpleTable>
      ) : invitations.data ? (
        <p className="muted">No pending invitations.</p>
      ) : null}
      <RowConfirmDialog
        row={revoking}
        onClose={() => setRevoking(null)}
        title="Revoke this invitation?"
        description="The link stops working at once; nobody can join with it."
        confirmLabel="Revoke invitation"
        onConfirm={async (invitation) => {
          await revoke.mutateAsync(invitation.id);
          return 'Invitation revoked';
        }}
      />
    </section>
  );
}
