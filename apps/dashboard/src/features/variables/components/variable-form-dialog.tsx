import { CreateVariableRequest, UpdateVariableRequest, VariableLimits, type Variable } from '@latchkey/contracts';
import { FormDialog, type CreateDialogProps } from '@/components/ui/form-dialog';
import { TextAreaField, TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useCreateVariable } from '../api/create-variable';
import { useUpdateVariable } from '../api/update-variable';

interface VariableValues {
  key: string;
  value: string;
  minLevel: number;
}

/**
 * Creates a variable, or edits one when `variable` is given (the key is then
 * fixed). Checked before sending with the API's own rules (the contracts'
 * request shapes); the dialog stays open on an error and shows the API's
 * message under the field it names.
 */
export function VariableFormDialog({
  appId,
  variable,
  open,
  onOpenChange,
}: CreateDialogProps & {
  variable?: Variable;
}) {
  const editing = variable !== undefined;
  const createMutation = useCreateVariable(appId);
  const updateMutation = useUpdateVariable(appId);
  const { form, errors, ...submit } = useApiForm<VariableValues>(
    {
      resolver: shapeResolver(editing ? UpdateVariableRequest : CreateVariableRequest),
      values: {
        key: variable?.key ?? '',
        value: variable?.value ?? '',
        minLevel: variable?.minLevel ?? VariableLimits.minLevelDefault,
      },
    },
    async (values, form) => {
      if (editing) {
        await updateMutation.mutateAsync({ key: variable.key, value: values.value, minLevel: values.minLevel });
      } else {
        await createMutation.mutateAsync(values);
      }
      onOpenChange(false);
      form.reset();
      return editing ? `Variable ${variable.key} saved` : `Variable ${values.key} created`;
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit ${variable.key}` : 'New variable'}
      description="Client software reads a variable with a session whose level is at least the minimum level."
      wide
      form={submit}
      submitLabel={editing ? 'Save' : 'Create variable'}
      pendingLabel="Saving…"
    >
      <TextField
        label="Key"
        autoComplete="off"
        readOnly={editing}
        className="mono"
        hint={editing ? undefined : `Up to ${VariableLimits.keyMax} characters of A-Z, a-z, 0-9, _ . -`}
        error={errors.key?.message}
        {...form.register('key')}
      />
      <TextAreaField
        label="Value"
        rows={8}
        spellCheck={false}
        hint={`Text up to ${VariableLimits.valueMax / 1024} KiB, returned as is.`}
        error={errors.value?.message}
        {...form.register('value')}
      />
      <IntegerField
        form={form}
        name="minLevel"
        label="Minimum level"
        min={VariableLimits.minLevelMin}
        max={VariableLimits.minLevelMax}
      />
    </FormDialog>
  );
}
