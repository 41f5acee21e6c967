import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useAppRole } from '@/lib/app-role';
import { useMe } from '@/features/auth/api/get-me';
import { InvitationLinkNotice } from '@/features/members/components/invitation-link-notice';
import { InvitationsSection } from '@/features/members/components/invitations-section';
import { InviteMemberDialog } from '@/features/members/components/member-dialogs';
import { MembersSection } from '@/features/members/components/members-section';
import type { CreatedInvitation } from '@latchkey/contracts';
import { useDocumentTitle } from '@/lib/use-document-title';

const membersRoute = getRouteApi('/dashboard/apps/$appId/members');

export function MembersPage() {
  useDocumentTitle('Members');
  const { appId } = membersRoute.useParams();
  const { role } = useAppRole();
  const me = useMe();
  const [inviting, setInviting] = useState(false);
  // Held in memory only: the link is shown once, its token is stored hashed.
  const [created, setCreated] = useState<CreatedInvitation | null>(null);

  // The app layout shows this page only to roles with the `members` capability.
  if (!role) return null;
  return (
    <div className="stack-lg">
      <PageHeader
        title="Members"
        description="People who work on this application with you, each with a role. Invite them with a single-use link."
        actions={
          <button type="button" className="button button-primary" onClick={() => setInviting(true)}>
            Invite member
          </button>
        }
      />
      {created ? <InvitationLinkNotice invitation={created} onDismiss={() => setCreated(null)} /> : null}
      <MembersSection appId={appId} callerRole={role} callerId={me.data?.account.id} />
      <InvitationsSection appId={appId} />
      <InviteMemberDialog
        appId={appId}
        callerRole={role}
        open={inviting}
        onOpenChange={setInviting}
        onCreated={setCreated}
      />
    </div>
  );
}
