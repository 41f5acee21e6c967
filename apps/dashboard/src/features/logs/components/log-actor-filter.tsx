import { SelectField } from '@/components/ui/form-fields';

export interface ActorOption {
  accountId: string;
  email: string;
}

/**
 * Filters the log to one member's changes, picked from `actors` (the page
 * passes the members when the caller may list them, itself otherwise). A
 * member chosen another way (clicking an actor in the log, a shared link)
 * shows as "Selected member".
 */
export function LogActorFilter({
  actors,
  currentAccountId,
  value,
  onChange,
}: {
  actors: readonly ActorOption[];
  currentAccountId: string | undefined;
  value: string | undefined;
  onChange: (actorId: string | undefined) => void;
}) {
  const options = [
    { value: '', label: 'Everyone' },
    ...actors.map((actor) => ({
      value: actor.accountId,
      label: actor.accountId === currentAccountId ? `${actor.email} (you)` : actor.email,
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
