import { DateTime } from '@/components/ui/date-time';
import { SecretNotice } from '@/components/ui/secret-field';
import type { CreatedInvitation } from '@latchkey/contracts';
import { ROLE_LABELS } from '@/components/domain/role-badge';

/** The full address of an invitation: the API answers the dashboard path `/invite/<token>`. */
export function invitationAddress(invitation: Pick<CreatedInvitation, 'url'>, origin = window.location.origin) {
  return new URL(invitation.url, origin).href;
}

/** A new invitation's link, shown once (only its hash is stored) with a copy button. */
export function InvitationLinkNotice({
  invitation,
  onDismiss,
}: {
  invitation: CreatedInvitation;
  onDismiss: () => void;
}) {
  return (
    <SecretNotice
      title={`Invitation link (${ROLE_LABELS[invitation.role]}${invitation.label ? `, ${invitation.label}` : ''})`}
      what="link"
      label="Invitation link"
      copiedStatus="Link copied to the clipboard: send it to the person you invite."
      secret={invitationAddress(invitation)}
    >
      <p className="muted">
        Whoever opens it first signs up or signs in and joins with this role. It works once and expires{' '}
        <DateTime value={invitation.expiresAt} />.
      </p>
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={onDismiss}>
          I have copied it
        </button>
      </div>
    </SecretNotice>
  );
}
