import { SelectField } from '@/components/ui/form-fields';

/** The entry types and prefixes the API records (`client.<type>`, `admin.<resource>.<verb>`, `seller.<call>`). */
const TYPE_OPTIONS = [
  { value: '', label: 'All entries' },
  { value: 'client', label: 'Client: every call' },
  { value: 'client.register', label: 'Client: register' },
  { value: 'client.login', label: 'Client: login' },
  { value: 'client.license', label: 'Client: license' },
  { value: 'client.upgrade', label: 'Client: upgrade' },
  { value: 'client.log', label: 'Client: log messages' },
  { value: 'admin', label: 'Admin: every change' },
  { value: 'admin.license', label: 'Admin: licenses' },
  { value: 'admin.user', label: 'Admin: users' },
  { value: 'admin.session', label: 'Admin: sessions' },
  { value: 'admin.variable', label: 'Admin: variables' },
  { value: 'admin.blacklist', label: 'Admin: blacklist' },
  { value: 'admin.file', label: 'Admin: files' },
  { value: 'admin.webhook', label: 'Admin: webhooks' },
  { value: 'admin.app', label: 'Admin: app settings and keys' },
  { value: 'member', label: 'Members: invitations, roles, removals' },
  { value: 'seller', label: 'Seller API: every call' },
] as const;

export function LogTypeFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (type: string | undefined) => void;
}) {
  // A type from a shared link that is not a preset still shows as selected.
  const options =
    value && !TYPE_OPTIONS.some((option) => option.value === value)
      ? [...TYPE_OPTIONS, { value, label: value }]
      : TYPE_OPTIONS;
  return (
    <SelectField
      label="Type"
      options={options}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    />
  );
}
