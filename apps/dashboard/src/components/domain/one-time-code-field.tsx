import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-fields';

/**
 * A form-only rule for a code field left empty, in the form's words (the
 * request shape's own would be its length): a form's resolver takes it
 * (shapeResolver's second argument) for the code field it shows.
 */
export function enterCode(recovery = false): (value: string | undefined) => true | string {
  return (value) =>
    (value ?? '').trim() !== '' || (recovery ? 'Enter a recovery code' : 'Enter the code your app shows');
}

/** A code as it is sent: an app's code without the spaces it may be shown with, a recovery code trimmed. */
export function sentCode(code: string, recovery = false): string {
  return recovery ? code.trim() : code.replace(/\s+/g, '');
}

/**
 * A second factor's code: the current code of an authenticator app, or with
 * `recovery` one of the account's recovery codes. Browsers and password
 * managers offer to fill it as a one-time code. A form that switches between
 * the two gives the field a `key` per kind, so the switch starts it empty.
 * Its rules are the form's (the request shape's, and `enterCode`).
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
  return (
    <TextField
      label={label}
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      spellCheck={false}
      autoFocus={autoFocus}
      error={form.getFieldState(name, form.formState).error?.message}
      {...form.register(name)}
    />
  );
}
