// A destructive action with an optional reason (ban a key, ban a user), and
// optionally a second reason shown to the customer on their portal page: both
// are checked with the API's rules (the caller's request `shape`), and the API's
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
  /** when set, a second field for the reason the customer sees (`publicReason`), with this hint */
  publicHint?: string;
  /**
   * Runs the action with the trimmed reasons (null when none); the dialog
   * closes when it resolves, and a message it resolves to is shown as a success toast.
   */
  onSubmit: (reason: string | null, publicReason: string | null) => Promise<string | void>;
  onClose: () => void;
}

interface ReasonValues {
  reason: string;
  publicReason: string;
}

/** The reasons as sent: trimmed, null when blank; `publicReason` only when the dialog asks for it. */
function reasonBody({ reason, publicReason }: ReasonValues, withPublic: boolean) {
  const body: { reason: string | null; publicReason?: string | null } = { reason: reason.trim() || null };
  if (withPublic) body.publicReason = publicReason.trim() || null;
  return body;
}

export function ReasonDialog({
  title,
  description,
  hint,
  shape,
  label,
  pendingLabel,
  publicHint,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const withPublic = publicHint !== undefined;
  const { form, errors, ...submit } = useApiForm<ReasonValues>(
    {
      // The shape checks the reasons as they are sent.
      resolver: shapeResolver(shape, {}, (values: ReasonValues) => reasonBody(values, withPublic)),
      defaultValues: { reason: '', publicReason: '' },
    },
    async (values) => {
      const body = reasonBody(values, withPublic);
      const success = await onSubmit(body.reason, body.publicReason ?? null);
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
      {withPublic ? (
        <TextAreaField
          label="Shown to the customer"
          rows={2}
          hint={publicHint}
          error={errors.publicReason?.message}
          {...form.register('publicReason')}
        />
      ) : null}
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

/** What a ban's second reason is for, in both ban dialogs. */
export const PUBLIC_REASON_HINT =
  'Optional; the customer sees it on their customer page. The reason above stays yours.';
