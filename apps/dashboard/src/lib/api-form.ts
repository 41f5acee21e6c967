// Puts an API failure onto a react-hook-form form: each message of the
// contract's `errors` that names a field of the form ("prefix must be 1-16
// characters ...") goes under that field; the API's `message` goes to the
// form's root error when no field took it.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';

export const ROOT_ERROR = 'root.server' as const;

export function applyApiError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): void {
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
  const fields = new Set(Object.keys(form.getValues()));
  const messages = error instanceof ApiError && error.errors.length > 0 ? error.errors : [message];

  let placed = false;
  let messagePlaced = false;
  for (const text of messages) {
    const field = /^([A-Za-z][A-Za-z0-9]*)\b/.exec(text)?.[1];
    if (field && fields.has(field) && !form.getFieldState(field as Path<T>).error) {
      form.setError(field as Path<T>, { type: 'server', message: text }, { shouldFocus: !placed });
      placed = true;
      if (text === message) messagePlaced = true;
    }
  }
  if (!messagePlaced) form.setError(ROOT_ERROR, { type: 'server', message });
}
