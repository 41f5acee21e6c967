import { BanLicenseRequest, UpdateLicenseRequest, type License } from '@latchkey/contracts';
import { FormDialog } from '@/components/ui/form-dialog';
import { BanDialog, PUBLIC_REASON_HINT } from '@/components/ui/reason-dialog';
import { TextAreaField, TextField } from '@/components/ui/form-fields';
import { durationText } from '@/components/domain/license-duration';
import { LevelField, MaxDevicesField } from '@/components/domain/license-fields';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useBanLicense } from '../api/ban-license';
import { useUpdateLicense } from '../api/update-license';

interface DialogProps {
  appId: string;
  license: License;
  onClose: () => void;
}

/** Bans a key with an optional reason; the holder's sessions end at once. */
export function BanLicenseDialog({ appId, license, onClose }: DialogProps) {
  const mutation = useBanLicense(appId);
  return (
    <BanDialog
      name={license.key}
      description="Its user is refused from now on and their open sessions end. You can unban it later."
      hint="Optional; shown in the list and sent with the license.ban webhook."
      publicHint={PUBLIC_REASON_HINT}
      shape={BanLicenseRequest}
      label="Ban key"
      onClose={onClose}
      onBan={async (reason, publicReason) => {
        await mutation.mutateAsync({ licenseId: license.id, body: { reason, publicReason } });
        return `Key ${license.key} banned`;
      }}
    />
  );
}

interface EditValues {
  note: string;
  level: number;
  maxDevices: number;
  customerEmail: string;
}

/** The request the form sends: an empty note or email clears it. */
function editBody({ note, level, maxDevices, customerEmail }: EditValues): UpdateLicenseRequest {
  return { note: note.trim() || null, level, maxDevices, customerEmail: customerEmail.trim() || null };
}

/** Edits a key's note, level, device limit and customer email, checked before sending with the API's own rules. */
export function EditLicenseDialog({ appId, license, onClose }: DialogProps) {
  const mutation = useUpdateLicense(appId);
  const { form, errors, ...submit } = useApiForm<EditValues>(
    {
      resolver: shapeResolver<EditValues>(UpdateLicenseRequest, {}, editBody),
      defaultValues: {
        note: license.note ?? '',
        level: license.level,
        maxDevices: license.maxDevices,
        customerEmail: license.customerEmail ?? '',
      },
    },
    async (values) => {
      await mutation.mutateAsync({ licenseId: license.id, body: editBody(values) });
      onClose();
      return `Key ${license.key} saved`;
    },
  );
  return (
    <FormDialog
      onClose={onClose}
      title={`Edit ${license.key}`}
      description={durationNote(license)}
      form={submit}
      submitLabel="Save"
      pendingLabel="Saving…"
    >
      <TextAreaField label="Note" rows={3} error={errors.note?.message} {...form.register('note')} />
      <div className="form-grid">
        <LevelField form={form} />
        <MaxDevicesField form={form} />
      </div>
      <TextField
        label="Customer email"
        type="email"
        autoComplete="off"
        hint="The customer signs in to the customer page with a code sent here. Store orders fill it in."
        error={errors.customerEmail?.message}
        {...form.register('customerEmail')}
      />
    </FormDialog>
  );
}

/** The key's duration, with what bulk actions added to it, as its edit dialog says it. */
function durationNote(license: License): string {
  const duration = `Duration: ${durationText(license)}`;
  return license.extraDays > 0 ? `${duration} (time added by bulk actions, counted from first use).` : `${duration}.`;
}
