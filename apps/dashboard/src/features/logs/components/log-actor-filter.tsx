import { SelectField } from '@/components/ui/form-fields';
import { useAppRole } from '@/features/apps/hooks/use-app-role';
import { useMe } from '@/features/auth/api/get-me';
import { useMembers } from '@/features/members/api/members';

/**
 * Filters the log to one member's changes. Admins pick from the members
 * list; other roles, who may not read it, pick themselves (or click an actor
 * in the log). A member chosen that way shows as "Selected member".
 */
export function LogActorFilter({
  appId,
  value,
  onChange,
}: {
  appId: string;
  value: string | undefined;
  onChange: (actorId: string | undefined) => void;
}) {
  const me = useMe().data?.account;
  const members = useMembers(appId, { enabled: useAppRole(appId).can('members') }).data;
  const options = [
    { value: '', label: 'Everyone' },
    ...(members ?? (me ? [{ accountId: me.id, email: me.email }] : [])).map((member) => ({
      value: member.accountId,
      label: member.accountId === me?.id ? `${member.email} (you)` : member.email,
    })),
  ];
  if (value && !options.some((option) => option.value === value)) {
    options.push({ value, label: 'Selected member' });
  }
  return (
    <SelectField
      label="Member"
      options={options}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    />
  );
}
