import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { assignableRoles } from '@/lib/app-role';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import {
  CreateInvitationRequest,
  InvitationLimits,
  UpdateMemberRequest,
  type AppMember,
  type AppRole,
  type CreatedInvitation,
  type MemberRole,
} from '@latchkey/contracts';
import { useCreateInvitation } from '../api/invitations';
import { useChangeMemberRole } from '../api/members';
import { ROLE_LABELS, ROLE_SUMMARIES } from '@/components/domain/role-badge';

const EXPIRY_HOURS = {
  min: InvitationLimits.expiresInHoursMin,
  max: InvitationLimits.expiresInHoursMax,
  default: InvitationLimits.expiresInHoursDefault,
} as const;

function roleOptions(callerRole: AppRole) {
  return assignableRoles(callerRole).map((role) => ({ value: role, label: ROLE_LABELS[role] }));
}

function RoleHint({ role }: { role: AppRole }) {
  return <>{ROLE_SUMMARIES[role]}</>;
}

interface InviteValues {
  role: MemberRole;
  expiresInHours: number;
  label: string;
}

/** The request the form sends: a blank label is none. */
function inviteBody({ label, ...values }: InviteValues) {
  return { ...values, label: label.trim() || null };
}

/**
 * Creates a single-use invitation link with a role the caller may hand out;
 * `onCreated` shows the link. Checked before sending with the API's own rules
 * (the contracts' request shape).
 */
export function InviteMemberDialog({
  appId,
  callerRole,
  open,
  onOpenChange,
  onCreated,
}: {
  appId: string;
  callerRole: AppRole;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (invitation: CreatedInvitation) => void;
}) {
  const defaults: InviteValues = { role: 'viewer', expiresInHours: EXPIRY_HOURS.default, label: '' };
  const mutation = useCreateInvitation(appId);
  const { form, errors, ...submit } = useApiForm<InviteValues>(
    { resolver: shapeResolver<InviteValues>(CreateInvitationRequest, {}, inviteBody), defaultValues: defaults },
    async (values, form) => {
      const invitation = await mutation.mutateAsync(inviteBody(values));
      onOpenChange(false);
      form.reset(defaults);
      onCreated(invitation);
    },
  );
  const role = form.watch('role');

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite a member"
      description="You get a link to send them yourself: it works once, for anyone who opens it before it expires."
      form={submit}
      submitLabel="Create link"
      pendingLabel="Creating…"
    >
      <SelectField
        label="Role"
        options={roleOptions(callerRole)}
        hint={<RoleHint role={role} />}
        {...form.register('role')}
      />
      <IntegerField
        form={form}
        name="expiresInHours"
        label="Link expires in hours"
        min={EXPIRY_HOURS.min}
        max={EXPIRY_HOURS.max}
        hint={`${EXPIRY_HOURS.min}-${EXPIRY_HOURS.max} (a week).`}
      />
      <TextField
        label="Label (optional)"
        placeholder="For Sam, support"
        maxLength={InvitationLimits.labelMax}
        hint="Who it is for: tells pending invitations apart. Only your team sees it."
        error={errors.label?.message}
        {...form.register('label')}
      />
    </FormDialog>
  );
}

/** Gives a member another role, at most the caller's own (the API's rule; the shape checks it is a role). */
export function ChangeRoleDialog({
  appId,
  callerRole,
  member,
  onClose,
}: {
  appId: string;
  callerRole: AppRole;
  member: AppMember;
  onClose: () => void;
}) {
  const mutation = useChangeMemberRole(appId);
  const { form, ...submit } = useApiForm<{ role: MemberRole }>(
    {
      resolver: shapeResolver(UpdateMemberRequest),
      defaultValues: { role: member.role === 'owner' ? 'admin' : member.role },
    },
    async ({ role }) => {
      await mutation.mutateAsync({ accountId: member.accountId, role });
      onClose();
      return `${member.email} is now ${ROLE_LABELS[role].toLowerCase()}`;
    },
  );
  const role = form.watch('role');

  return (
    <FormDialog
      onClose={onClose}
      title={`Change the role of ${member.email}`}
      description="It takes effect on their next request, tokens included."
      form={submit}
      submitLabel="Change role"
      pendingLabel="Saving…"
    >
      <SelectField
        label="Role"
        options={roleOptions(callerRole)}
        hint={<RoleHint role={role} />}
        {...form.register('role')}
      />
    </FormDialog>
  );
}
