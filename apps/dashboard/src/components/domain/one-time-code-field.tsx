import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-fields';

/**
 * A second factor's code: the current code of an authenticator app, or with
 * `recovery` one of the account's recovery codes. Browsers and password
 * managers offer to fill it as a one-time code. A form that switches between
 * the two gives the field a `key` per kind, so the switch starts it empty.
 */
export function OneTimeCodeField<T extends FieldValues, N extends Path<T>>({
  form,
  name,
  recovery = false,
  label = recovery ? 'Recovery code' : 'Code from the app',
  autoFocus,
}: {
  form: UseFormReturn<T>;
  name: N;
  recovery?: boolean;
  label?: string;
  autoFocus?: boolean;
}) {
  const rules = { required: recovery ? 'Enter a recovery code' : 'Enter the code your app shows' } as RegisterOptions<
    T,
    N
  >;
  return (
    <TextField
      label={label}
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      spellCheck={false}
      autoFocus={autoFocus}
      error={form.getFieldState(name, form.formState).error?.message}
      {...form.register(name, rules)}
    />
  );
}
