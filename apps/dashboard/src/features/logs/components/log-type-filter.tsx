import { SelectField } from '@/components/ui/form-fields';
import { LOG_TYPE_GROUPS, logLabel } from '../log-sentences';

/** Everything, then each group (a prefix of types: `client`, `admin.user`) followed by its types, in words. */
const TYPE_OPTIONS = [
  { value: '', label: 'All entries' },
  ...LOG_TYPE_GROUPS.flatMap((group) => [
    ...(group.prefix ? [{ value: group.prefix, label: group.label }] : []),
    ...group.types.map((type) => ({ value: type, label: `\u2003${logLabel(type)}` })),
  ]),
];

export function LogTypeFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (type: string | undefined) => void;
}) {
  // A type from a shared link that is not listed still shows as selected, in words.
  const options =
    value && !TYPE_OPTIONS.some((option) => option.value === value)
      ? [...TYPE_OPTIONS, { value, label: logLabel(value) }]
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
