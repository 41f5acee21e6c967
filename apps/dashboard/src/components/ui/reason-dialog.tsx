// A destructive action with an optional reason (ban a key, ban a user): the
// reason is checked against the API's limit (the caller's `maxLength`), and the API's message shows in
// the dialog, which stays open, when the action fails.
import { FieldMessage } from '@latchkey/contracts';
import { useApiForm } from '@/lib/api-form';
import { Dialog, FormDialogButtons } from './dialog';
import { FormError } from './error-alert';
import { TextAreaField } from './form-fields';

export function ReasonDialog({
  title,
  description,
  hint,
  maxLength,
  label,
  pendingLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  description: string;
  hint: string;
  maxLength: number;
  label: string;
  pendingLabel: string;
  /** Runs the action with the trimmed reason (null when none); the dialog closes when it resolves. */
  onSubmit: (reason: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const {
    form,
    onSubmit: submit,
    errors,
    isSubmitting,
    rootError,
  } = useApiForm<{ reason: string }>({ defaultValues: { reason: '' } }, async ({ reason }) => {
    await onSubmit(reason.trim() || null);
    onClose();
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form className="stack" onSubmit={submit} noValidate>
        <FormError message={rootError} />
        <TextAreaField
          label="Reason"
          rows={3}
          hint={hint}
          error={errors.reason?.message}
          {...form.register('reason', {
            maxLength: { value: maxLength, message: FieldMessage.atMost('reason', maxLength) },
          })}
        />
        <FormDialogButtons submitting={isSubmitting} label={label} pendingLabel={pendingLabel} destructive />
      </form>
    </Dialog>
  );
}
