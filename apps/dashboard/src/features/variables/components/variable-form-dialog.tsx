import { VariableLimits, type Variable } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogButtons } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { TextAreaField, TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { intInRange } from '@/lib/validation';
import { useCreateVariable } from '../api/create-variable';
import { useUpdateVariable } from '../api/update-variable';

interface VariableValues {
  key: string;
  value: string;
  minLevel: number;
}

/**
 * Creates a variable, or edits one when `variable` is given (the key is then
 * fixed). The dialog stays open on an error and shows the API's message under
 * the field it names.
 */
export function VariableFormDialog({
  appId,
  variable,
  open,
  onOpenChange,
}: {
  appId: string;
  variable?: Variable;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const editing = variable !== undefined;
  const form = useForm<VariableValues>({
    values: { key: variable?.key ?? '', value: variable?.value ?? '', minLevel: variable?.minLevel ?? 0 },
  });
  const createMutation = useCreateVariable(appId);
  const updateMutation = useUpdateVariable(appId);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (editing) {
        await updateMutation.mutateAsync({ key: variable.key, value: values.value, minLevel: values.minLevel });
        toast.success(`Variable ${variable.key} saved`);
      } else {
        await createMutation.mutateAsync(values);
        toast.success(`Variable ${values.key} created`);
      }
      onOpenChange(false);
      form.reset();
    } catch (error) {
      applyApiError(form, error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit ${variable.key}` : 'New variable'}
      description="Client software reads a variable with a session whose level is at least the minimum level."
      wide
    >
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={errors.root?.server?.message} />
        <TextField
          label="Key"
          autoComplete="off"
          readOnly={editing}
          className="mono"
          hint={editing ? undefined : 'Up to 64 characters of A-Z, a-z, 0-9, _ . -'}
          error={errors.key?.message}
          {...form.register('key', {
            pattern: {
              value: VariableLimits.keyPattern,
              message: 'key must be 1-64 characters of A-Z, a-z, 0-9, _ . -',
            },
          })}
        />
        <TextAreaField
          label="Value"
          rows={8}
          spellCheck={false}
          hint="Text up to 64 KiB, returned as is."
          error={errors.value?.message}
          {...form.register('value', {
            maxLength: { value: VariableLimits.valueMax, message: 'value must be at most 64 KiB' },
          })}
        />
        <TextField
          label="Minimum level"
          type="number"
          inputMode="numeric"
          min={VariableLimits.minLevelMin}
          max={VariableLimits.minLevelMax}
          error={errors.minLevel?.message}
          {...form.register('minLevel', {
            valueAsNumber: true,
            validate: intInRange('minLevel', VariableLimits.minLevelMin, VariableLimits.minLevelMax),
          })}
        />
        <FormDialogButtons
          submitting={isSubmitting}
          label={editing ? 'Save' : 'Create variable'}
          pendingLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}
