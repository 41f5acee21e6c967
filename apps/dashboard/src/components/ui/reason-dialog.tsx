// A destructive action with an optional reason (ban a key, ban a user): the
// reason is checked with the API's rules (the caller's request `shape`), and the API's
// message shows in the dialog, which stays open, when the action fails.
import { useApiForm } from '@/lib/api-form';
import { shapeResolver, type RequestShape } from '@/lib/shape-resolver';
import { FormDialog } from './form-dialog';
import { TextAreaField } from './form-fields';

interface ReasonDialogProps {
  title: string;
  description: string;
  hint: string;
  /** the request shape whose `reason` the API checks (BanLicenseRequest, BanUserRequest) */
  shape: RequestShape;
  label: string;
  pendingLabel: string;
  /**
   * Runs the action with the trimmed reason (null when none); the dialog
   * closes when it resolves, and a message it resolves to is shown as a success toast.
   */
  onSubmit: (reason: string | null) => Promise<string | void>;
  onClose: () => void;
}

export function ReasonDialog({
  title,
  description,
  hint,
  shape,
  label,
  pendingLabel,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const { form, errors, ...submit } = useApiForm<{ reason: string }>(
    {
      // The shape checks the reason as it is sent: trimmed, null when blank.
      resolver: shapeResolver(shape, {}, ({ reason }) => ({ reason: reason.trim() || null })),
      defaultValues: { reason: '' },
    },
    async ({ reason }) => {
      const success = await onSubmit(reason.trim() || null);
      onClose();
      return success;
    },
  );
  return (
    <FormDialog
      onClose={onClose}
      title={title}
      description={description}
      form={submit}
      submitLabel={label}
      pendingLabel={pendingLabel}
      destructive
    >
      <TextAreaField label="Reason" rows={3} hint={hint} error={errors.reason?.message} {...form.register('reason')} />
    </FormDialog>
  );
}

/** "Ban `name`?" with an optional reason: `onBan` runs the ban and resolves to the success toast's words. */
export function BanDialog({
  name,
  onBan,
  ...props
}: Omit<ReasonDialogProps, 'title' | 'pendingLabel' | 'onSubmit'> & {
  name: string;
  onBan: ReasonDialogProps['onSubmit'];
}) {
  return <ReasonDialog title={`Ban ${name}?`} pendingLabel="Banning…" onSubmit={onBan} {...props} />;
}
