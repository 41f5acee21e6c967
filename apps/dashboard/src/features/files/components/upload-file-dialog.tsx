import { FILE_NAME_MESSAGE, FileLimits } from '@latchkey/contracts';
import { FormDialog, type CreateDialogProps } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { useUploadFile } from '../api/upload-file';
import { FileInputField, UploadProgressBar, useUploadProgress } from './upload-progress';
import { MIN_LEVEL_RANGE } from '../utils/min-level';

interface UploadValues {
  file: FileList;
  name: string;
  minLevel: number;
}

/** Uploads a file with its display name and minimum level, showing the upload's progress. */
export function UploadFileDialog({ appId, open, onOpenChange }: CreateDialogProps) {
  const uploadMutation = useUploadFile(appId);
  const { progress, track } = useUploadProgress();
  const { form, errors, ...submit } = useApiForm<UploadValues>(
    { defaultValues: { name: '', minLevel: FileLimits.minLevelDefault } },
    async (values, form) => {
      const file = values.file[0]!;
      const uploaded = await track(file, (onProgress) =>
        uploadMutation.mutateAsync({
          file,
          name: values.name.trim() || undefined,
          minLevel: values.minLevel,
          onProgress,
        }),
      );
      onOpenChange(false);
      form.reset();
      return `File ${uploaded.name} uploaded`;
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload a file"
      description="Stored encrypted. Signed-in users whose level is at least the minimum level can download it."
      wide
      form={submit}
      submitLabel="Upload"
      pendingLabel="Uploading…"
      lockCancel
    >
      <FileInputField form={form} label="File" />
      <TextField
        label="Name"
        autoComplete="off"
        hint="Shown to users and used as the download's file name; the file's own name when empty."
        error={errors.name?.message}
        {...form.register('name', {
          maxLength: { value: FileLimits.nameMax, message: FILE_NAME_MESSAGE },
        })}
      />
      <IntegerField form={form} name="minLevel" label="Minimum level" {...MIN_LEVEL_RANGE} />
      <UploadProgressBar progress={progress} />
    </FormDialog>
  );
}
