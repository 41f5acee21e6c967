import { BLACKLIST_TYPES, CreateBlacklistEntryRequest, type BlacklistType } from '@latchkey/contracts';
import { FormDialog, type CreateDialogProps } from '@/components/ui/form-dialog';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-fields';
import { useApiForm } from '@/lib/api-form';
import { plural } from '@/lib/format';
import { shapeResolver } from '@/lib/shape-resolver';
import { useCreateBlacklistEntry } from '../api/create-blacklist-entry';
import { TYPE_LABELS, VALUE_HINTS } from '../utils/value-rules';

interface EntryValues {
  type: BlacklistType;
  value: string;
  reason: string;
}

const EMPTY: EntryValues = { type: 'ip', value: '', reason: '' };

/** The body sent: an IP trimmed (an HWID or username is taken as typed), an empty reason as none. */
function toRequest(values: EntryValues): CreateBlacklistEntryRequest {
  const reason = values.reason.trim();
  return {
    type: values.type,
    value: values.type === 'ip' ? values.value.trim() : values.value,
    reason: reason === '' ? null : reason,
  };
}

/**
 * Adds an IP (address or CIDR range), HWID or username to the blacklist. The
 * body is checked before sending with the API's own rules (the contracts'
 * request shape: the value by its type's); the API's message (an entry that
 * exists) shows in the dialog.
 */
export function AddBlacklistEntryDialog({ appId, open, onOpenChange }: CreateDialogProps) {
  const createMutation = useCreateBlacklistEntry(appId);
  const { form, errors, ...submit } = useApiForm<EntryValues>(
    { resolver: shapeResolver(CreateBlacklistEntryRequest, {}, toRequest), defaultValues: EMPTY },
    async (values, form) => {
      const entry = await createMutation.mutateAsync(toRequest(values));
      onOpenChange(false);
      form.reset(EMPTY);
      const ended = entry.sessionsEnded > 0 ? `; ${plural(entry.sessionsEnded, 'live session')} ended` : '';
      return `${entry.value} blacklisted${ended}`;
    },
  );
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
        {...form.register('value')}
      />
      <TextAreaField
        label="Reason (optional)"
        rows={3}
        hint="For your records; client software only sees “Access denied”."
        error={errors.reason?.message}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}
