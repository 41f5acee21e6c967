import { FileLimits, type FileRecord } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogButtons } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { intInRange } from '@/lib/validation';
import { useUpdateFile } from '../api/update-file';

interface EditValues {
  name: string;
  minLevel: number;
}

/** Renames a file or changes the level it needs. */
export function EditFileDialog({
  appId,
  file,
  onOpenChange,
}: {
  appId: string;
  file: FileRecord;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<EditValues>({ values: { name: file.name, minLevel: file.minLevel } });
  const updateMutation = useUpdateFile(appId);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateMutation.mutateAsync({ fileId: file.fileId, ...values });
      toast.success(`File ${saved.name} saved`);
      onOpenChange(false);
    } catch (error) {
      applyApiError(form, error);
    }
  });

  return (
    <Dialog open onOpenChange={onOpenChange} title={`Edit ${file.name}`}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={errors.root?.server?.message} />
        <TextField
          label="Name"
          autoComplete="off"
          error={errors.name?.message}
          {...form.register('name', {
            required: `name must be 1-${FileLimits.nameMax} characters`,
            maxLength: { value: FileLimits.nameMax, message: `name must be 1-${FileLimits.nameMax} characters` },
          })}
        />
        <TextField
          label="Minimum level"
          type="number"
          inputMode="numeric"
          min={0}
          max={FileLimits.minLevelMax}
          error={errors.minLevel?.message}
          {...form.register('minLevel', {
            valueAsNumber: true,
            validate: intInRange('minLevel', 0, FileLimits.minLevelMax),
          })}
        />
        <FormDialogButtons submitting={isSubmitting} label="Save" pendingLabel="Saving…" />
      </form>
    </Dialog>
  );
}
