import { FieldMessage, LicenseLimits, type License } from '@latchkey/contracts';
import { Dialog, FormDialogButtons } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { TextAreaField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { toast } from '@/lib/toast';
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
    <ReasonDialog
      title={`Ban ${license.key}?`}
      description="Its user is refused from now on and their open sessions end. You can unban it later."
      hint="Optional; shown in the list and sent with the license.ban webhook."
      maxLength={LicenseLimits.banReasonMax}
      label="Ban key"
      pendingLabel="Banning…"
      onClose={onClose}
      onSubmit={async (reason) => {
        await mutation.mutateAsync({ licenseId: license.id, body: { reason } });
        toast.success(`Key ${license.key} banned`);
      }}
    />
  );
}

interface EditValues {
  note: string;
  level: number;
  maxDevices: number;
}

/** Edits a key's note, level and device limit. */
export function EditLicenseDialog({ appId, license, onClose }: DialogProps) {
  const mutation = useUpdateLicense(appId);
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<EditValues>(
    { defaultValues: { note: license.note ?? '', level: license.level, maxDevices: license.maxDevices } },
    async ({ note, level, maxDevices }) => {
      await mutation.mutateAsync({
        licenseId: license.id,
        body: { note: note.trim() || null, level, maxDevices },
      });
      onClose();
      return `Key ${license.key} saved`;
    },
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Edit ${license.key}`}>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <FormError message={rootError} />
        <TextAreaField
          label="Note"
          rows={3}
          error={errors.note?.message}
          {...form.register('note', {
            maxLength: { value: LicenseLimits.noteMax, message: FieldMessage.atMost('note', LicenseLimits.noteMax) },
          })}
        />
        <div className="form-grid">
          <IntegerField
            form={form}
            name="level"
            label="Level"
            min={LicenseLimits.levelMin}
            max={LicenseLimits.levelMax}
          />
          <IntegerField
            form={form}
            name="maxDevices"
            label="Max devices"
            min={LicenseLimits.maxDevicesMin}
            max={LicenseLimits.maxDevicesMax}
          />
        </div>
        <FormDialogButtons submitting={isSubmitting} label="Save" pendingLabel="Saving…" />
      </form>
    </Dialog>
  );
}
