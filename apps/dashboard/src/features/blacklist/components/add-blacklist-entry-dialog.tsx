import { BLACKLIST_TYPES, type BlacklistType } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogButtons } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { useCreateBlacklistEntry } from '../api/create-blacklist-entry';

const TYPE_LABELS: Record<BlacklistType, string> = {
  ip: 'IP address or range (CIDR)',
  hwid: 'Hardware ID',
  username: 'Username',
};

const VALUE_HINTS: Record<BlacklistType, string> = {
  ip: 'An IPv4 or IPv6 address, or a range such as 203.0.113.0/24.',
  hwid: 'Exactly as your software sends it.',
  username: 'Matched in any case.',
};

interface EntryValues {
  type: BlacklistType;
  value: string;
  reason: string;
}

/** Adds a blacklist entry; the API checks the value by its type and its message shows under the field. */
export function AddBlacklistEntryDialog({
  appId,
  open,
  onOpenChange,
}: {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const defaults: EntryValues = { type: 'ip', value: '', reason: '' };
  const form = useForm<EntryValues>({ defaultValues: defaults });
  const mutation = useCreateBlacklistEntry(appId);
  const { errors, isSubmitting } = form.formState;
  const type = form.watch('type');

  const submit = form.handleSubmit(async ({ type: entryType, value, reason }) => {
    try {
      const entry = await mutation.mutateAsync({ type: entryType, value: value.trim(), reason: reason.trim() || null });
      toast.success(`${entry.value} blacklisted`);
      onOpenChange(false);
      form.reset(defaults);
    } catch (error) {
      applyApiError(form, error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add to blacklist"
      description="Every client call from a blacklisted IP, HWID or username gets “Access denied”."
    >
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={errors.root?.server?.message} />
        <SelectField
          label="Type"
          options={BLACKLIST_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
          error={errors.type?.message}
          {...form.register('type')}
        />
        <TextField
          label="Value"
          autoComplete="off"
          className="mono"
          hint={VALUE_HINTS[type]}
          error={errors.value?.message}
          {...form.register('value', { validate: (value) => value.trim() !== '' || 'value must not be empty' })}
        />
        <TextAreaField
          label="Reason"
          rows={2}
          hint="Optional, for your records."
          error={errors.reason?.message}
          {...form.register('reason', { maxLength: { value: 500, message: 'reason must be at most 500 characters' } })}
        />
        <FormDialogButtons submitting={isSubmitting} label="Add entry" pendingLabel="Adding…" />
      </form>
    </Dialog>
  );
}
