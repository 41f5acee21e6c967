import { BLACKLIST_TYPES, FieldMessage, type BlacklistType } from '@latchkey/contracts';
import { FormDialog, type CreateDialogProps } from '@/components/ui/form-dialog';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-fields';
import { useApiForm } from '@/lib/api-form';
import { plural } from '@/lib/format';
import { useCreateBlacklistEntry } from '../api/create-blacklist-entry';
import { BLACKLIST_REASON_MAX, checkValue, TYPE_LABELS, VALUE_HINTS } from '../utils/value-rules';

interface EntryValues {
  type: BlacklistType;
  value: string;
  reason: string;
}

const EMPTY: EntryValues = { type: 'ip', value: '', reason: '' };

/**
 * Adds an IP (address or CIDR range), HWID or username to the blacklist. The
 * value is checked by its type's rules before sending; the API's message
 * (an entry that exists, a value it refuses) shows in the dialog.
 */
export function AddBlacklistEntryDialog({ appId, open, onOpenChange }: CreateDialogProps) {
  const createMutation = useCreateBlacklistEntry(appId);
  const { form, errors, ...submit } = useApiForm<EntryValues>({ defaultValues: EMPTY }, async (values, form) => {
    const reason = values.reason.trim();
    const entry = await createMutation.mutateAsync({
      type: values.type,
      value: values.type === 'ip' ? values.value.trim() : values.value,
      reason: reason === '' ? null : reason,
    });
    onOpenChange(false);
    form.reset(EMPTY);
    const ended = entry.sessionsEnded > 0 ? `; ${plural(entry.sessionsEnded, 'live session')} ended` : '';
    return `${entry.value} blacklisted${ended}`;
  });
  const type = form.watch('type');

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset(EMPTY);
        onOpenChange(next);
      }}
      title="Add to blacklist"
      description="Requests from your software that match are refused with “Access denied” from now on, and the live sessions that match end."
      form={submit}
      submitLabel="Add entry"
      pendingLabel="Adding…"
    >
      <SelectField
        label="Type"
        options={BLACKLIST_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
        error={errors.type?.message}
        {...form.register('type', {
          // A value valid for the old type may not be for the new one: check again if it was shown.
          onChange: () => {
            if (form.formState.isSubmitted) void form.trigger('value');
          },
        })}
      />
      <TextField
        label="Value"
        autoComplete="off"
        spellCheck={false}
        hint={VALUE_HINTS[type]}
        error={errors.value?.message}
        {...form.register('value', { validate: (value, values) => checkValue(values.type, value) })}
      />
      <TextAreaField
        label="Reason (optional)"
        rows={3}
        hint="For your records; client software only sees “Access denied”."
        error={errors.reason?.message}
        {...form.register('reason', {
          maxLength: {
            value: BLACKLIST_REASON_MAX,
            message: FieldMessage.atMost('reason', BLACKLIST_REASON_MAX),
          },
        })}
      />
    </FormDialog>
  );
}
