import { BanLicenseRequest, UpdateLicenseRequest, type License } from '@latchkey/contracts';
import { FormDialog } from '@/components/ui/form-dialog';
import { BanDialog } from '@/components/ui/reason-dialog';
import { TextAreaField } from '@/components/ui/form-fields';
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
      shape={BanLicenseRequest}
      label="Ban key"
      onClose={onClose}
      onBan={async (reason) => {
        await mutation.mutateAsync({ licenseId: license.id, body: { reason } });
        return `Key ${license.key} banned`;
      }}
    />
  );
}

interface EditValues {
  note: string;
  level: number;
  maxDevices: number;
}

/** The request the form sends: an empty note clears it. */
function editBody({ note, level, maxDevices }: EditValues): UpdateLicenseRequest {
  return { note: note.trim() || null, level, maxDevices };
}

/** Edits a key's note, level and device limit, checked before sending with the API's own rules. */
export function EditLicenseDialog({ appId, license, onClose }: DialogProps) {
  const mutation = useUpdateLicense(appId);
  const { form, errors, ...submit } = useApiForm<EditValues>(
    {
      resolver: shapeResolver<EditValues>(UpdateLicenseRequest, {}, editBody),
      defaultValues: { note: license.note ?? '', level: license.level, maxDevices: license.maxDevices },
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
    </FormDialog>
  );
}

/** The key's duration, with what bulk actions added to it, as its edit dialog says it. */
function durationNote(license: License): string {
  const duration = `Duration: ${durationText(license)}`;
  return license.extraDays > 0 ? `${duration} (time added by bulk actions, counted from first use).` : `${duration}.`;
}
