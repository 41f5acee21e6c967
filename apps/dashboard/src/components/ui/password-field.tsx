// A password input bound to a react-hook-form field: masked, with the
// autocomplete that lets password managers offer a new password or fill the
// current one, and the field's error under it.
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { TextField } from './form-fields';

export function PasswordField<T extends FieldValues, N extends Path<T>>({
  form,
  name,
  label = 'Password',
  current = false,
  hint,
  rules,
}: {
  form: UseFormReturn<T>;
  name: N;
  label?: string;
  /** the account's current password (autocomplete fills it) rather than a new one */
  current?: boolean;
  hint?: string;
  /** react-hook-form's rules, worded like the API */
  rules?: RegisterOptions<T, N>;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={current ? 'current-password' : 'new-password'}
      hint={hint}
      error={form.getFieldState(name, form.formState).error?.message}
      {...form.register(name, rules)}
    />
  );
}
