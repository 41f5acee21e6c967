import { LicenseLimits, type License } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogButtons } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { TextAreaField, TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { intInRange } from '@/lib/validation';
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
  const form = useForm<EditValues>({
    defaultValues: { note: license.note ?? '', level: license.level, maxDevices: license.maxDevices },
  });
  const mutation = useUpdateLicense(appId);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ note, level, maxDevices }) => {
    try {
      await mutation.mutateAsync({
        licenseId: license.id,
        body: { note: note.trim() || null, level, maxDevices },
      });
      toast.success(`Key ${license.key} saved`);
      onClose();
    } catch (error) {
      applyApiError(form, error);
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Edit ${license.key}`}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={errors.root?.server?.message} />
        <TextAreaField
          label="Note"
          rows={3}
          error={errors.note?.message}
          {...form.register('note', {
            maxLength: { value: LicenseLimits.noteMax, message: 'note must be at most 500 characters' },
          })}
        />
        <div className="form-grid">
          <TextField
            label="Level"
            type="number"
            inputMode="numeric"
            error={errors.level?.message}
            {...form.register('level', {
              valueAsNumber: true,
              validate: intInRange('level', LicenseLimits.levelMin, LicenseLimits.levelMax),
            })}
          />
          <TextField
            label="Max devices"
            type="number"
            inputMode="numeric"
            error={errors.maxDevices?.message}
            {...form.register('maxDevices', {
              valueAsNumber: true,
              validate: intInRange('maxDevices', LicenseLimits.maxDevicesMin, LicenseLimits.maxDevicesMax),
            })}
          />
        </div>
        <FormDialogButtons submitting={isSubmitting} label="Save" pendingLabel="Saving…" />
      </form>
    </Dialog>
  );
}
