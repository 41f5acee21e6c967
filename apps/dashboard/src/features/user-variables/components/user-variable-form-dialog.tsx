import { SetUserVariableRequest, UserVariableLimits, type UserVariable } from '@latchkey/contracts';
import { Dialog, FormDialogButtons } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { TextAreaField, TextField } from '@/components/ui/form-fields';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useSetUserVariable } from '../api/set-user-variable';
import { newUserVariableKey } from './user-variable-key';

interface UserVariableValues {
  key: string;
  value: string;
}

/**
 * Adds a variable to the user, or edits one when `variable` is given (the key
 * is then fixed). The value is checked before sending with the API's own rules
 * (the contracts' request shape); the key, a path parameter, with its own. The
 * dialog stays open on an error and shows the API's message under the field it
 * names.
 */
export function UserVariableFormDialog({
  appId,
  userId,
  variable,
  existingKeys,
  open,
  onOpenChange,
}: {
  appId: string;
  userId: string;
  variable?: UserVariable;
  /** the user's keys: a new key must be none of them */
  existingKeys: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const editing = variable !== undefined;
  const setMutation = useSetUserVariable(appId, userId);
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<UserVariableValues>(
    {
      resolver: shapeResolver(
        SetUserVariableRequest,
        editing ? {} : { key: (key: string) => newUserVariableKey(key, existingKeys) },
      ),
      values: { key: variable?.key ?? '', value: variable?.value ?? '' },
    },
    async (values, form) => {
      await setMutation.mutateAsync(values);
      onOpenChange(false);
      form.reset();
      return editing ? `Variable ${values.key} saved` : `Variable ${values.key} added`;
    },
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit ${variable.key}` : 'New user variable'}
      description="The user's own data: its software reads and writes it with the user's session."
      wide
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        <FormError message={rootError} />
        <TextField
          label="Key"
          autoComplete="off"
          readOnly={editing}
          className="mono"
          hint={editing ? undefined : `Up to ${UserVariableLimits.keyMax} characters of A-Z, a-z, 0-9, _ . -`}
          error={errors.key?.message}
          {...form.register('key')}
        />
        <TextAreaField
          label="Value"
          rows={6}
          spellCheck={false}
          hint={`Text up to ${UserVariableLimits.valueMax} characters, returned as is.`}
          error={errors.value?.message}
          {...form.register('value')}
        />
        <FormDialogButtons submitting={isSubmitting} label={editing ? 'Save' : 'Add variable'} pendingLabel="Saving…" />
      </form>
    </Dialog>
  );
}
