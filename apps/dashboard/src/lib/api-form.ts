// Forms that call the admin API. An API failure goes onto the react-hook-form
// form: each refused field the API names in `fields` gets its message under
// that field; the API's `message` goes to the form's root error when no field
// took it. `useApiForm` wires that, the submit and the success toast once for
// every form.
import type { BaseSyntheticEvent } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';
import { toast } from './toast';

export const ROOT_ERROR = 'root.server' as const;

/**
 * The form's field names as the API's `fields` name them: a nested field by
 * its path (`params.days`), as react-hook-form registers it.
 */
function fieldPaths(values: object, prefix = ''): string[] {
  return Object.entries(values).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    const nested = value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
    return nested ? [path, ...fieldPaths(value as object, `${path}.`)] : [path];
  });
}

export function applyApiError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): void {
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
  const names = new Set(fieldPaths(form.getValues()));
  const fields = error instanceof ApiError ? error.fields : [];

  let placed = false;
  let messagePlaced = false;
  for (const { field, message: text } of fields) {
    const name = field as Path<T>;
    if (names.has(field) && !form.getFieldState(name).error) {
      form.setError(name, { type: 'server', message: text }, { shouldFocus: !placed });
      placed = true;
      if (text === message) messagePlaced = true;
    }
  }
  if (!messagePlaced) form.setError(ROOT_ERROR, { type: 'server', message });
}

/**
 * What a form does once its values pass its rules: the API call and what
 * follows it (close the dialog, reset the form). A message it resolves to is
 * shown as a success toast.
 */
export type ApiFormAction<T extends FieldValues> = (values: T, form: UseFormReturn<T>) => Promise<string | void>;

/**
 * A react-hook-form form whose submit runs `action`; when the action fails,
 * the API's error goes onto the form (applyApiError) and the form stays as
 * filled in. `onSubmit` is the <form>'s handler; `rootError` is the message
 * for <FormError>.
 */
export function useApiForm<T extends FieldValues>(options: UseFormProps<T>, action: ApiFormAction<T>) {
  const form = useForm<T>(options);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = (event?: BaseSyntheticEvent) =>
    void form.handleSubmit(async (values) => {
      let success: string | void;
      try {
        success = await action(values, form);
      } catch (error) {
        applyApiError(form, error);
        return;
      }
      if (success) toast.success(success);
    })(event);
  return { form, onSubmit, errors, isSubmitting, rootError: errors.root?.server?.message };
}
